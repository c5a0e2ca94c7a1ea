/**
 * The "not now" sentence (the `queue_full` refusal): how many of the person's
 * commands already wait at the provider, the provider's limit as its headers
 * gave it, and when to try again. One wording for every place a command can
 * be refused so: a reply, a modal's notice, a form's field.
 */
import type { QueueFullParams } from '../../services/errors.ts';
import type { Ui } from './format.ts';

export function queueFullText(ui: Ui, p: QueueFullParams): string {
  const why =
    p.reason === 'wait'
      ? ui.t('error.queue_full.wait', { waiting: p.waiting, wait: p.wait, bound: p.bound })
      : ui.t('error.queue_full.count', { waiting: p.waiting });
  const limit = !p.limit
    ? ui.t('error.queue_full.limit_unknown')
    : p.window
      ? ui.t('error.queue_full.limit', { limit: p.limit, window: p.window })
      : ui.t('error.queue_full.limit_per_window', { limit: p.limit });
  return ui.t('error.queue_full', { why, limit, seconds: p.seconds || 1 });
}
