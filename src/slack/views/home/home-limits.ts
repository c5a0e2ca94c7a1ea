/**
 * How much of each list the Home shows before it says how many it left out
 * (a Home view holds at most 100 blocks: with these, at most 70 or so). The
 * counts are chosen so the whole view stays within Slack's limits however
 * much waits; what is left out is counted and named where it can be seen.
 */
export const HOME_SHOWN = {
  /** Requests this person may decide: two blocks each (what, and the buttons). */
  decisions: 10,
  /** Their own requests waiting for someone else: one line each. */
  own: 10,
  /** Open incidents: two blocks each (the line, and its buttons). */
  incidents: 8,
  /** Mutes: one line each. */
  mutes: 10,
  /** Servers not running: one block each, with the card's button. */
  notRunning: 10,
  /** Domains with an SSL problem: one line each. */
  ssl: 10,
  /** Hosting servers named on the summary line. */
  hostingServers: 10,
} as const;

/** Longest server or plan name a Home line shows (names are the provider's; cut, never a block too long). */
export const HOME_NAME_CHARS = 80;

/** How much of each list one part of the Home shows. */
export type HomeShown = { readonly [K in keyof typeof HOME_SHOWN]: number };

/**
 * Each account's share when the Home has a part per provider account: every
 * list cut to its share of the one-account counts (at least one item, the
 * rest counted as always). However many accounts, the view drops the parts
 * that no longer fit and says how many it left out (home-view.ts).
 */
export function homeShare(accounts: number): HomeShown {
  const n = Math.max(1, accounts);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(HOME_SHOWN)) out[k] = Math.max(1, Math.floor(v / n));
  return out as HomeShown;
}
