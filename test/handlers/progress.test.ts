/**
 * A slow provider does not leave the person looking at nothing: an answer not
 * ready within a moment is preceded by "reading from the provider…", which the
 * answer then replaces (response_url, replace_original). A quick answer comes
 * alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PROGRESS_AFTER_MS } from '../../handlers/kit.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';

describe('progress on a slow answer', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const responses = (id: string) => h!.slack.calls.filter((c) => c.responseId === id);

  it('shows "reading from the provider…" and replaces it with the answer', async () => {
    h = await startHarness({ latencyMs: PROGRESS_AFTER_MS * 2 });
    const cmd = await h.command('list', { user: VIEWER });
    const first = await cmd.reply();
    expect(messageText(first)).toContain('Reading from the provider');
    const answer = await h.slack.waitFor((c) => c.responseId === cmd.responseId && c.seq > first.seq);
    expect(answer.args.replace_original).toBe(true);
    expect(messageText(answer)).toContain('web-1');
    expect(responses(cmd.responseId)).toHaveLength(2);
  });

  it('in the reader’s language, for a refusal too', async () => {
    h = await startHarness({ latencyMs: PROGRESS_AFTER_MS * 2, operators: [OPERATOR] });
    h.slack.setUser(OPERATOR, { locale: 'ja-JP' });
    const cmd = await h.command('show nosuch', { user: OPERATOR });
    const first = await cmd.reply();
    expect(messageText(first)).toContain('プロバイダーに問い合わせています');
    const answer = await h.slack.waitFor((c) => c.responseId === cmd.responseId && c.seq > first.seq);
    expect(answer.args.replace_original).toBe(true);
    expect(messageText(answer)).toContain('nosuch');
  });

  it('a quick answer comes alone, with nothing to replace', async () => {
    h = await startHarness();
    const cmd = await h.command('help', { user: VIEWER });
    const answer = await cmd.reply();
    expect(answer.args.replace_original).not.toBe(true);
    expect(messageText(answer)).not.toContain('Reading from the provider');
    expect(responses(cmd.responseId)).toHaveLength(1);
  });
});
