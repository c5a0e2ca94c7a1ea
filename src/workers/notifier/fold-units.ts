/** Folding plain notices into the units one message tells: a server's power changes in a row become one chain. */

import type { NoticeUnit } from '../../slack/views/watch/notice-unit.ts';
import type { OutboxItem } from '../../store/index.ts';
import type { PowerNotice } from '../../watch/notices.ts';
import type { Parsed } from './candidate.ts';

export interface Planned {
  unit: NoticeUnit;
  rows: OutboxItem[];
  ready: boolean;
}

/** Folds a server's power notices that follow each other within the window into chains. */
export function foldUnits(items: readonly Parsed[], flapWindowMs: number): Planned[] {
  const out: Planned[] = [];
  const chains = new Map<string, Parsed[]>();
  for (const p of items) {
    if (p.notice.kind !== 'power') {
      out.push({ unit: { notices: [p.notice] }, rows: [p.row], ready: p.ready });
      continue;
    }
    const list = chains.get(p.notice.uuid) ?? [];
    chains.set(p.notice.uuid, list);
    list.push(p);
  }
  for (const list of chains.values()) {
    const sorted = [...list].sort((a, b) => a.notice.at - b.notice.at);
    let cur: Parsed[] = [];
    const flush = () => {
      if (cur.length === 0) return;
      out.push({
        unit: { notices: cur.map((c) => c.notice) },
        rows: cur.map((c) => c.row),
        ready: cur[0]!.ready,
      });
      cur = [];
    };
    for (const p of sorted) {
      const prev = cur[cur.length - 1];
      const pn = prev?.notice as PowerNotice | undefined;
      const n = p.notice as PowerNotice;
      if (pn && (n.at - pn.at > flapWindowMs || n.from !== pn.to)) flush();
      cur.push(p);
    }
    flush();
  }
  return out.sort((a, b) => firstId(a) - firstId(b));
}

function firstId(p: Planned): number {
  return Math.min(...p.rows.map((r) => r.id));
}
