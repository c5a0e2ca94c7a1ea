/**
 * The accounts' words as pure functions: the refusal of a channel bound to no
 * account (which channels are bound to what, by label, and how to bind this
 * one), and `/vps accounts` for a key not read yet, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { keyScopeOf } from '../../../src/services/access/index.ts';
import { ServiceError } from '../../../src/services/errors.ts';
import { failureMessage } from '../../../src/slack/error-text.ts';
import { translator } from '../../../src/slack/i18n/index.ts';
import { accountsView, scopeLine } from '../../../src/slack/views/accounts/accounts-view.ts';
import type { Ui } from '../../../src/slack/views/format.ts';

const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

describe('account_unbound', () => {
  const unbound = new ServiceError('account_unbound', {
    bindings: [
      { channel: 'C0OPS', label: 'Production' },
      { channel: 'C0SHOP', label: 'Shop *A*' },
    ],
    names: ['main', 'shop'],
  });

  it('lists what is bound to what, by label, and how to bind this channel', () => {
    expect(failureMessage(en, unbound).text).toContain(
      'This channel is not bound to a provider account, and the bot serves several. 2 channels are bound now: <#C0OPS> to Production, <#C0SHOP> to Shop',
    );
    expect(failureMessage(en, unbound).text).toContain(
      'An admin binds this one with `/vps account use <name>` here (the names: `main`, `shop`).',
    );
    // A label is text people wrote: it cannot make bold or links.
    expect(failureMessage(en, unbound).text).not.toContain('*A*');
    expect(failureMessage(ja, unbound).text).toContain(
      'いま紐づいているチャンネル（2件）: <#C0OPS> → Production、',
    );
    const one = new ServiceError('account_unbound', {
      bindings: [{ channel: 'C0OPS', label: 'Production' }],
      names: ['main', 'shop'],
    });
    expect(failureMessage(en, one).text).toContain('One channel is bound now: <#C0OPS> to Production.');
  });

  it('says so when nothing is bound yet', () => {
    const none = new ServiceError('account_unbound', { bindings: [], names: ['main', 'shop'] });
    expect(failureMessage(en, none).text).toContain('no channel is bound yet');
    expect(failureMessage(ja, none).text).toContain('まだ紐づいたチャンネルはありません');
  });
});

describe('/vps accounts', () => {
  const account = { name: 'main', label: 'Production', isDefault: false, channels: [] };

  it('shows a key not checked yet, and an account whose figures could not be read', () => {
    const text = accountsView(en, [
      { account, figures: { keyHealth: 'unchecked', requestsToday: 0 } },
      { account: { ...account, name: 'shop', label: 'Shop A' }, figures: undefined },
    ]).text;
    expect(text).toContain('*Key:* not checked yet; expiry not known yet');
    expect(text).toContain('*Covers:* not read yet');
    expect(text).toContain('*Requests today:* 0 (no daily limit is configured)');
    expect(text).toContain('*Shop A* `shop`\n_The key’s figures could not be read just now._');
    expect(
      accountsView(ja, [
        {
          account,
          figures: { keyHealth: 'expired', requestsToday: 1, expiresAt: new Date('2026-01-01T00:00:00Z') },
        },
      ]).text,
    ).toContain('*キー:* 有効期限を過ぎています（いつ拒否されてもおかしくありません）・2026');
  });

  it('puts a key’s scope in one line', () => {
    const scope = keyScopeOf({
      expires_at: null,
      services: { server: { permission_type: 'full', target_mode: 'all', targets: [] } },
    });
    expect(scopeLine(en, scope)).toMatch(/^no VPS, web hosting, .+, all servers$/);
    expect(scopeLine(ja, scope)).toMatch(/^VPSなし、レンタルサーバー（.+、すべてのサーバー）$/);
  });
});
