/**
 * A domain's ownership proven for the person: the refusal of a domain or a
 * mailbox with the record to set, its buttons, the wait and the outcome.
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.verify.served':
    'This server hosts the DNS for `{domain}`, so I can add the TXT record below and keep retrying until the provider sees it (that usually takes 30 to 90 seconds).',
  'hosting.verify.elsewhere':
    'The DNS for `{domain}` isn’t hosted on this server. Add the record below wherever the domain’s DNS is managed, then press Retry. The provider usually sees a new record 30 to 90 seconds after it starts resolving.',
  'hosting.verify.record': '*Name:* `{name}`\n*Type:* TXT\n*Value:* `{value}`',
  'hosting.verify.button.add': 'Add the TXT record and retry',
  'hosting.verify.button.retry': 'Retry',
  'hosting.verify.waiting':
    'Added the TXT record `{name}`. Waiting for the provider to see it (usually 30 to 90 seconds); I’ll retry every {every} seconds for up to {minutes} minutes.',
  'hosting.verify.still_refused':
    'After {minutes} minutes the provider still can’t see that you own `{domain}`. Check that this record resolves, then press Retry:',
  'hosting.verify.not_yet':
    'The provider can’t see that you own `{domain}` yet. Check that this record resolves (a new one can take 30 to 90 seconds to be seen), then press Retry:',
  'hosting.verify.expired':
    'I no longer have what you typed in the form (it’s kept for {minutes} minutes). Please run `/hosting mail add {address}` again.',
  'hosting.verify.done': 'Ownership of `{domain}` confirmed. {done}',
} as const;

const ja = {
  'hosting.verify.served':
    '`{domain}` の DNS はこのサーバーで管理されているため、下の TXT レコードを追加し、プロバイダーが確認できるまで再試行できます（通常 30〜90 秒かかります）。',
  'hosting.verify.elsewhere':
    '`{domain}` の DNS はこのサーバーでは管理されていません。ドメインの DNS を管理しているサービスで下のレコードを設定してから「再試行」を押してください。新しいレコードは、引けるようになってから 30〜90 秒ほどでプロバイダーに認識されます。',
  'hosting.verify.record': '*名前:* `{name}`\n*タイプ:* TXT\n*値:* `{value}`',
  'hosting.verify.button.add': 'TXT レコードを追加して再試行',
  'hosting.verify.button.retry': '再試行',
  'hosting.verify.waiting':
    'TXT レコード `{name}` を追加しました。プロバイダーが認識するまで待っています（通常 30〜90 秒）。{every} 秒ごとに、最大 {minutes} 分間再試行します。',
  'hosting.verify.still_refused':
    '{minutes} 分たっても、プロバイダーは `{domain}` の所有権を確認できていません。次のレコードが引けることを確認してから「再試行」を押してください。',
  'hosting.verify.not_yet':
    'プロバイダーはまだ `{domain}` の所有権を確認できていません。次のレコードが引けることを確認してから（新しいレコードは認識までに 30〜90 秒ほどかかります）「再試行」を押してください。',
  'hosting.verify.expired':
    'フォームの入力内容はもう保存されていません（保存期間は {minutes} 分です）。`/hosting mail add {address}` をもう一度実行してください。',
  'hosting.verify.done': '`{domain}` の所有権を確認できました。{done}',
} as const;

export const hostingVerificationCatalog = catalog(en, ja);
