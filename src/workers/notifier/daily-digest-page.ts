/** A daily digest's page drawn from its stored row, in the channels' language. */
import { parseDigestReport } from '../../services/digest/index.ts';
import { renderDailyDigest } from '../../slack/views/digest/render.ts';
import type { Message, Ui } from '../../slack/views/format.ts';
import type { DailyDigestRow } from '../../store/index.ts';

/** Page `page` of the digest; undefined when its report cannot be read or has no such page. */
export function drawDigestPage(ui: Ui, digest: DailyDigestRow, page: number): Message | undefined {
  const report = parseDigestReport(digest.report);
  return report ? renderDailyDigest(ui, report, page) : undefined;
}
