/** The one message that tells a parked channel's old rows at once, instead of one by one. */
import type { OutboxItem } from '../../store/index.ts';
import { isAlarm, type Notice, parseNotice } from '../../watch/notices.ts';

/**
 * One backlog notice for rows that will not be posted one by one: the power
 * changes (each counted once, however many rows told it), the alarms among
 * them and their servers, the other notices, and earlier backlogs folded in.
 */
export function backlogOf(rows: readonly OutboxItem[], since: number, at: number): Notice {
  const changes = new Set<string>();
  const servers: string[] = [];
  let earlier = 0;
  let alarms = 0;
  let others = 0;
  let from = since;
  const server = (name: string) => {
    if (!servers.includes(name)) servers.push(name);
  };
  for (const row of rows) {
    const n = parseNotice(row.payload);
    if (n?.kind === 'backlog') {
      earlier += n.changes;
      alarms += n.alarms;
      others += n.others;
      from = Math.min(from, n.since);
      for (const s of n.servers) server(s);
    } else if (n?.kind === 'power') {
      const key = `${n.uuid}:${n.at}:${n.from}:${n.to}`;
      if (changes.has(key)) continue;
      changes.add(key);
      if (isAlarm(n)) alarms += 1;
      server(n.name);
    } else others += 1;
  }
  return { kind: 'backlog', since: from, changes: earlier + changes.size, alarms, servers, others, at };
}
