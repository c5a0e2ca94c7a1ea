/**
 * Slack's Block Kit limits, and one check every view runs on its result. A view
 * that would break a limit must page or summarise itself; if one ever builds an
 * oversized payload anyway, this throws instead of letting Slack reject it
 * (or a helper cut it) silently.
 */
import type { KnownBlock } from '@slack/types';

export const LIMITS = {
  messageBlocks: 50,
  modalBlocks: 100,
  sectionText: 3000,
  fieldText: 2000,
  sectionFields: 10,
  actionId: 255,
  blockId: 255,
  buttonValue: 2000,
  buttonText: 75,
  headerText: 150,
  contextElements: 10,
  contextText: 3000,
  actionsElements: 25,
  modalTitle: 24,
  privateMetadata: 3000,
  messageText: 40_000,
} as const;

export class ViewLimitError extends Error {
  readonly code = 'VIEW_LIMIT';
  constructor(
    readonly limit: keyof typeof LIMITS,
    readonly actual: number,
  ) {
    super(`view exceeds Slack limit ${limit}: ${actual} > ${LIMITS[limit]}`);
    this.name = 'ViewLimitError';
  }
}

function check(limit: keyof typeof LIMITS, actual: number): void {
  if (actual > LIMITS[limit]) throw new ViewLimitError(limit, actual);
}

const len = (s: string): number => [...s].length;

export function assertBlocksWithinLimits(blocks: readonly KnownBlock[], surface: 'message' | 'modal'): void {
  check(surface === 'message' ? 'messageBlocks' : 'modalBlocks', blocks.length);
  for (const b of blocks) {
    if (b.block_id) check('blockId', len(b.block_id));
    switch (b.type) {
      case 'section':
        if (b.text) check('sectionText', len(b.text.text));
        if (b.fields) {
          check('sectionFields', b.fields.length);
          for (const f of b.fields) check('fieldText', len(f.text));
        }
        if (b.accessory && 'action_id' in b.accessory && b.accessory.action_id) {
          check('actionId', len(b.accessory.action_id));
        }
        break;
      case 'header':
        check('headerText', len(b.text.text));
        break;
      case 'context':
        check('contextElements', b.elements.length);
        for (const e of b.elements)
          if ('text' in e && typeof e.text === 'string') check('contextText', len(e.text));
        break;
      case 'actions':
        check('actionsElements', b.elements.length);
        for (const e of b.elements) {
          if (e.action_id) check('actionId', len(e.action_id));
          if (e.type === 'button') {
            check('buttonText', len(e.text.text));
            if (e.value !== undefined) check('buttonValue', len(e.value));
          }
        }
        break;
      case 'input':
        if (b.element && 'action_id' in b.element && b.element.action_id)
          check('actionId', len(b.element.action_id));
        break;
      default:
        break;
    }
  }
}

/** Whether a string fits a limit, for views that choose between paging and summarising. */
export function fits(limit: keyof typeof LIMITS, value: string): boolean {
  return len(value) <= LIMITS[limit];
}
