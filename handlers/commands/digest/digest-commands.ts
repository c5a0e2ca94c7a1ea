/**
 * `/vps digest`: the daily digest of the last 24 hours, to the person who
 * asks, at once: built from the store and what the watcher holds (no
 * provider request), the top message then its details.
 */
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { digestForPerson } from '../../../src/slack/views/digest/render.ts';
import type { CommandTable } from '../../kit.ts';

export const digestCommands: CommandTable<VpsCommand, 'digest'> = {
  async digest({ deps, actor, ui, reply }) {
    const report = await deps.digest.lastDay(actor);
    for (const m of digestForPerson(ui, report)) await reply(m);
  },
};
