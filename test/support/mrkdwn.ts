/** Reading what a message or view shows as mrkdwn, for tests about escaping. */

/**
 * Every mrkdwn text of a message or view (section texts, fields, context
 * elements), and its top-level `text`, which Slack also reads as mrkdwn
 * (notifications, clients without blocks). plain_text is left out: Slack
 * shows it as it is.
 */
export function mrkdwnTexts(v: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown, key: string | undefined, parentType: string | undefined): void => {
    if (typeof x === 'string') {
      if (key === 'text' && parentType !== 'plain_text') out.push(x);
      return;
    }
    if (Array.isArray(x)) {
      for (const y of x) walk(y, undefined, parentType);
      return;
    }
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      const type = typeof o.type === 'string' ? o.type : undefined;
      for (const [k, y] of Object.entries(o)) walk(y, k, type);
    }
  };
  walk(v, undefined, undefined);
  return out;
}
