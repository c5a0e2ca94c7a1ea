/**
 * Who waits on a provider call, declared once for every use case (the rate
 * limit gate serves them in this order: order > write > read > background).
 * - READ: a person's read.
 * - WRITE: a person's change, and the reads that belong to it.
 * - ORDER: what an approval or a confirmation executes (someone is waiting to
 *   know whether money moved or data was lost), and the re-check of an order
 *   whose outcome is unknown.
 */
export const READ = { priority: 'read' } as const;
export const WRITE = { priority: 'write' } as const;
export const ORDER = { priority: 'order' } as const;
