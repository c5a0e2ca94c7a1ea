import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

describe('/vps read commands through the real app', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('acks a list at once and replies ephemerally with every server', async () => {
    const { ack, reply } = await h.command('list');
    expect(ack.status).toBe(200);
    const r = await reply();
    expect(r.args.response_type).toBe('ephemeral');
    const text = messageText(r);
    expect(text).toContain('12 servers');
    expect(text).toContain('web-1');
    expect(text).toContain('gpu-ml-1');
  });

  it('shows the detail card with power and buttons for an operator', async () => {
    const { reply } = await h.command('show db-1', { user: OPERATOR });
    const r = await reply();
    const text = messageText(r);
    expect(text).toContain('db-1');
    expect(text).toContain('Reverse DNS');
    expect(JSON.stringify(r.args.blocks)).toContain('vps_card_rename');
  });
});
