/**
 * The on-call loop: the alarms of every kind (their first line, what to do,
 * how they ended), "I'm on it" and what a click is told, the reminders of an
 * alarm nobody took, and `/vps incidents`.
 */
import { catalog } from './catalog.ts';

const en = {
  'help.cmd.incidents':
    '`/vps incidents` — the open alarms: since when, who is on each, what is muted; take one with *I’m on it*',
  'usage.incidents': 'Usage: `/vps incidents` (no arguments).',
  'audit.action.incident.claim': 'alarm taken (I’m on it)',
  'oncall.button.claim': 'I’m on it',
  'oncall.button.claim_named': 'I’m on {name}',
  'oncall.button.take_over': 'Take it over',
  'oncall.claimed': ':raising_hand: <@{by}> is on it (since {at})',
  'oncall.unclaimed': 'Nobody is on it yet: press *I’m on it* if you take it.',
  'oncall.resolved.claimed': 'Resolved {at} after {duration}; <@{by}> was on it.',
  'oncall.resolved.unclaimed': 'Resolved {at} after {duration}; nobody had taken it.',
  'oncall.reply.claim': ':raising_hand: <@{by}> is on it · {at}',
  'oncall.reply.takeover': ':raising_hand: <@{by}> took it over from <@{previous}> · {at}',
  'oncall.reply.renotify':
    ':rotating_light: {oncall} Still nobody on it (reminder {round} of {of}): {what}, since {since}. Press *I’m on it* on the alert if you take it.',
  'oncall.reply.reopen': '{alarm} again · {at}',
  'oncall.reply.update': '{what} · {at}',
  'oncall.reply.resolved_claimed': '{resolved} · {at}; <@{by}> was on it',
  'oncall.reply.resolved_unclaimed': '{resolved} · {at}; nobody had taken it',
  'oncall.reply.power_claimed': '{line}; <@{by}> was on it',

  'oncall.generic.alarm': ':rotating_light: {oncall} *{name}* needs attention',
  'oncall.generic.what': '*{name}* needs attention',
  'oncall.generic.resolved': ':white_check_mark: *{name}* is fine again, after {duration}',
  'oncall.contract.alarm': ':rotating_light: {oncall} The contract of *{name}* is *suspended*',
  'oncall.contract.what': 'the contract of *{name}* is suspended',
  'oncall.contract.body':
    'The server list says *suspended* (was *{from}*) since {at}: the provider froze the contract, and does not publish why. Check the provider’s panel, or ask its support.',
  'oncall.contract.resolved':
    ':white_check_mark: The contract of *{name}* is no longer suspended, after {duration}',
  'oncall.contract.label': 'contract suspended',

  'oncall.signup-stuck.alarm':
    ':rotating_light: {oncall} The signup of *{name}* (service code {service}) has been `setup_pending` since {since}',
  'oncall.signup-stuck.what': 'the signup of *{name}* is still `setup_pending`',
  'oncall.signup-stuck.body':
    '<@{requester}> Please contact the provider’s support with the service code {service}: a signup that stays pending this long needs them.',
  'oncall.signup-stuck.resolved':
    ':white_check_mark: The signup of *{name}* is no longer `setup_pending`, after {duration}',
  'oncall.signup-stuck.label': 'signup stuck in setup_pending',
  'oncall.signup-stuck.unnamed': 'the new server',

  'oncall.ssl.alarm':
    ':rotating_light: {oncall} SSL for *{name}* failed: `{status}` (hosting server {server})',
  'oncall.ssl.what': 'SSL for *{name}* fails (`{status}`)',
  'oncall.ssl.body':
    'The domain does not point at the server’s name servers, so its certificate cannot be issued. Set its name servers to {servers}, or set up free SSL in the control panel.',
  'oncall.ssl.no_servers': 'the ones the control panel names',
  'oncall.ssl.resolved': ':white_check_mark: SSL for *{name}* no longer fails, after {duration}',
  'oncall.ssl.label': 'SSL failing (name servers)',

  'oncall.key-use.alarm': ':rotating_light: {oncall} The API key was used by a client other than this bot',
  'oncall.key-use.what': 'the API key was used from `{ip}`',
  'oncall.key-use.body':
    '`{method} {path}` → {status} from `{ip}`, {at}{more}. If you do not know this address, the key may have leaked: issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot. If it is a client you know, add its address to KEY_EXPECTED_IPS.',
  'oncall.key-use.more': ', and {count, plural, one {# more request} other {# more requests}} from there',
  'oncall.key-use.own':
    'This address is the bot’s own, yet the bot did not make this request: another process on the bot’s host uses the key, or a replica stopped before it could note the request.',
  'oncall.key-use.resolved':
    ':white_check_mark: The unknown use of the API key from `{ip}`: closed after {duration}',
  'oncall.key-use.label': 'key used by another client',

  'oncall.key-auth.alarm':
    ':rotating_light: {oncall} {count, plural, one {# request} other {# requests}} with the API key {count, plural, one {was} other {were}} refused ({statuses}) within {minutes, number} min',
  'oncall.key-auth.what':
    '{count, plural, one {# refused request} other {# refused requests}} with the API key',
  'oncall.key-auth.body':
    'From {ips}. Somebody may be trying the key, or a client is using a wrong or revoked key. `/vps logs status=error` shows them.',
  'oncall.key-auth.no_ips': 'addresses not known',
  'oncall.list_more': '{items} and {count, number} more',
  'oncall.key-auth.resolved':
    ':white_check_mark: No more refused requests with the API key, after {duration}',
  'oncall.key-auth.label': 'burst of 401/403',

  'oncall.key-expired.alarm': ':rotating_light: {oncall} The provider API key expired {expires}',
  'oncall.key-expired.alarm_refused': ':rotating_light: {oncall} The provider refuses the API key (401)',
  'oncall.key-expired.what': 'the provider API key expired',
  'oncall.key-expired.what_refused': 'the provider API key is refused',
  'oncall.key-expired.body':
    'The provider still answers it for now, but may refuse it at any moment, and then the bot can no longer read or change anything and nothing is watched. Issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot.',
  'oncall.key-expired.body_refused':
    'The bot can no longer read or change anything, and no server is watched. Issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot.',
  'oncall.key-expired.resolved':
    ':white_check_mark: The provider API key works and has not expired (a new key, or a later expiry), after {duration}',
  'oncall.key-expired.label': 'API key expired or refused',

  'oncall.claim.done': 'You’re on it: *{name}*. Its alert says so in every channel where it was posted.',
  'oncall.claim.took_over':
    'You took *{name}* over from <@{previous}>. Its alert says so in every channel where it was posted.',
  'oncall.claim.yours': 'You are already on *{name}*.',
  'oncall.claim.taken':
    '<@{by}> took *{name}* {at}, just before you. Press *Take it over* if you take it from them.',
  'oncall.claim.resolved': '*{name}* is resolved already: there is nothing to take.',
  'oncall.claim.not_found':
    'This alarm is no longer kept (it was resolved a while ago). `/vps incidents` lists the open ones.',
  'oncall.claim.not_possible': 'This alarm cannot be taken.',

  'oncall.list.title': 'Open alarms ({count, number})',
  'oncall.list.empty': ':white_check_mark: No open alarms.',
  'oncall.list.line': '{marker}{what} · since {since}',
  'oncall.list.nobody': 'nobody on it',
  'oncall.list.taken': '<@{by}> on it since {at}',
  'oncall.list.muted': 'muted until {until}',
  'oncall.list.not_true': 'not true right now',
  'oncall.list.more':
    '…and {count, number} more, not shown here (the oldest are shown first, nobody’s first).',
  'oncall.power.what': '*{name}* {what}',
  'oncall.power.error': 'reports a power *error*',
  'oncall.power.stop': 'stopped with no power operation to explain it',
  'oncall.power.now': 'is now *{state}*',
  'oncall.key.name': 'API key',
} as const;

const ja = {
  'help.cmd.incidents':
    '`/vps incidents` — 未解決のアラート: いつからか、誰が対応中か、ミュートの状況。「対応します」で引き受けられます',
  'usage.incidents': '使い方: `/vps incidents`（引数なし）',
  'audit.action.incident.claim': 'アラートの対応を引き受け',
  'oncall.button.claim': '対応します',
  'oncall.button.claim_named': '{name} に対応します',
  'oncall.button.take_over': '対応を引き継ぐ',
  'oncall.claimed': ':raising_hand: <@{by}> が対応中です（{at} から）',
  'oncall.unclaimed': 'まだ誰も対応していません。引き受ける人は「対応します」を押してください。',
  'oncall.resolved.claimed': '{at} に解決しました（継続時間 {duration}）。対応者: <@{by}>',
  'oncall.resolved.unclaimed': '{at} に解決しました（継続時間 {duration}）。対応者はいませんでした。',
  'oncall.reply.claim': ':raising_hand: <@{by}> が対応します · {at}',
  'oncall.reply.takeover': ':raising_hand: <@{by}> が <@{previous}> から対応を引き継ぎました · {at}',
  'oncall.reply.renotify':
    ':rotating_light: {oncall} まだ誰も対応していません（再通知 {of} 回中 {round} 回目）: {what}（{since} から）。引き受ける人はアラートの「対応します」を押してください。',
  'oncall.reply.reopen': '{alarm}（再発） · {at}',
  'oncall.reply.update': '{what} · {at}',
  'oncall.reply.resolved_claimed': '{resolved} · {at}。対応者: <@{by}>',
  'oncall.reply.resolved_unclaimed': '{resolved} · {at}。対応者はいませんでした',
  'oncall.reply.power_claimed': '{line}。対応者: <@{by}>',

  'oncall.generic.alarm': ':rotating_light: {oncall} *{name}* に対応が必要です',
  'oncall.generic.what': '*{name}* に対応が必要です',
  'oncall.generic.resolved': ':white_check_mark: *{name}* は元に戻りました（継続時間 {duration}）',
  'oncall.contract.alarm': ':rotating_light: {oncall} *{name}* の契約が *停止中（suspended）* になりました',
  'oncall.contract.what': '*{name}* の契約が停止中です',
  'oncall.contract.body':
    'サーバー一覧では {at} から *停止中（suspended）* です（それまで *{from}*）。プロバイダーが契約を凍結しており、その理由は公開されていません。プロバイダーの管理パネルを確認するか、サポートへ問い合わせてください。',
  'oncall.contract.resolved':
    ':white_check_mark: *{name}* の契約の停止が解除されました（継続時間 {duration}）',
  'oncall.contract.label': '契約の停止',

  'oncall.signup-stuck.alarm':
    ':rotating_light: {oncall} *{name}*（サービスコード {service}）の申し込みが {since} から `setup_pending` のままです',
  'oncall.signup-stuck.what': '*{name}* の申し込みが `setup_pending` のままです',
  'oncall.signup-stuck.body':
    '<@{requester}> サービスコード {service} を添えてプロバイダーのサポートへ問い合わせてください。ここまで長く保留が続く申し込みにはサポートの対応が必要です。',
  'oncall.signup-stuck.resolved':
    ':white_check_mark: *{name}* の申し込みは `setup_pending` ではなくなりました（継続時間 {duration}）',
  'oncall.signup-stuck.label': '申し込みが setup_pending のまま',
  'oncall.signup-stuck.unnamed': '新しいサーバー',

  'oncall.ssl.alarm':
    ':rotating_light: {oncall} *{name}* のSSLが失敗しました: `{status}`（サーバー {server}）',
  'oncall.ssl.what': '*{name}* のSSLが失敗しています（`{status}`）',
  'oncall.ssl.body':
    'ドメインがサーバーのネームサーバーを向いていないため、証明書を発行できません。ネームサーバーを {servers} に設定するか、コントロールパネルで無料SSLを設定してください。',
  'oncall.ssl.no_servers': 'コントロールパネルに表示されているもの',
  'oncall.ssl.resolved': ':white_check_mark: *{name}* のSSLの失敗は解消しました（継続時間 {duration}）',
  'oncall.ssl.label': 'SSLの失敗（ネームサーバー）',

  'oncall.key-use.alarm': ':rotating_light: {oncall} このボット以外のクライアントがAPIキーを使いました',
  'oncall.key-use.what': '`{ip}` からAPIキーが使われました',
  'oncall.key-use.body':
    '{at} に `{ip}` から `{method} {path}` → {status}{more}。心当たりのないアドレスなら、キーが漏れたおそれがあります。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。既知のクライアントなら、そのアドレスを KEY_EXPECTED_IPS に加えてください。',
  'oncall.key-use.more': '。ほかに同じアドレスから {count, number} 件のリクエストがあります',
  'oncall.key-use.own':
    'このアドレスはボット自身のものですが、このリクエストはボットが送ったものではありません。ボットと同じホストの別のプロセスがキーを使っているか、レプリカがリクエストを記録する前に停止したおそれがあります。',
  'oncall.key-use.resolved':
    ':white_check_mark: `{ip}` からのAPIキーの使用について、対応を終了しました（継続時間 {duration}）',
  'oncall.key-use.label': '他のクライアントによるキーの使用',

  'oncall.key-auth.alarm':
    ':rotating_light: {oncall} {minutes, number} 分間にAPIキーでのリクエストが {count, number} 件拒否されました（{statuses}）',
  'oncall.key-auth.what': 'APIキーでのリクエストが {count, number} 件拒否されました',
  'oncall.key-auth.body':
    '送信元: {ips}。誰かがキーを試しているか、クライアントが誤ったキーや失効したキーを使っているおそれがあります。`/vps logs status=error` で確認できます。',
  'oncall.key-auth.no_ips': '送信元は不明',
  'oncall.list_more': '{items} ほか {count, number} 件',
  'oncall.key-auth.resolved':
    ':white_check_mark: APIキーでのリクエストは拒否されなくなりました（継続時間 {duration}）',
  'oncall.key-auth.label': '401/403 の集中',

  'oncall.key-expired.alarm':
    ':rotating_light: {oncall} プロバイダーのAPIキーは {expires} に有効期限が切れました',
  'oncall.key-expired.alarm_refused':
    ':rotating_light: {oncall} プロバイダーがAPIキーを拒否しています（401）',
  'oncall.key-expired.what': 'プロバイダーのAPIキーの有効期限が切れました',
  'oncall.key-expired.what_refused': 'プロバイダーがAPIキーを拒否しています',
  'oncall.key-expired.body':
    '現在はまだ応答がありますが、いつ拒否されてもおかしくありません。拒否されるとボットはサーバーの確認も操作もできず、監視も止まります。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。',
  'oncall.key-expired.body_refused':
    'ボットはサーバーの確認も操作もできず、監視も止まっています。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。',
  'oncall.key-expired.resolved':
    ':white_check_mark: プロバイダーのAPIキーは有効で、期限内です（新しいキー、または期限の延長）。継続時間 {duration}',
  'oncall.key-expired.label': 'APIキーの期限切れ・拒否',

  'oncall.claim.done':
    '*{name}* の対応を引き受けました。投稿されたすべてのチャンネルのアラートにそう表示されます。',
  'oncall.claim.took_over':
    '<@{previous}> から *{name}* の対応を引き継ぎました。投稿されたすべてのチャンネルのアラートにそう表示されます。',
  'oncall.claim.yours': '*{name}* はすでにあなたが対応中です。',
  'oncall.claim.taken':
    '直前に <@{by}> が *{name}* を引き受けました（{at}）。あなたが引き継ぐ場合は「対応を引き継ぐ」を押してください。',
  'oncall.claim.resolved': '*{name}* はすでに解決しています。引き受けるものはありません。',
  'oncall.claim.not_found':
    'このアラートはもう保存されていません（解決してから時間が経っています）。未解決のものは `/vps incidents` で確認できます。',
  'oncall.claim.not_possible': 'このアラートは引き受けられません。',

  'oncall.list.title': '未解決のアラート（{count, number} 件）',
  'oncall.list.empty': ':white_check_mark: 未解決のアラートはありません。',
  'oncall.list.line': '{marker}{what} · {since} から',
  'oncall.list.nobody': '対応者なし',
  'oncall.list.taken': '<@{by}> が対応中（{at} から）',
  'oncall.list.muted': '{until} までミュート中',
  'oncall.list.not_true': '現在は発生していません',
  'oncall.list.more':
    '…ほか {count, number} 件はここに載せていません（対応者のいないもの、古いものから表示しています）。',
  'oncall.power.what': '*{name}*: {what}',
  'oncall.power.error': '電源状態が *エラー*',
  'oncall.power.stop': '電源操作の形跡なく停止',
  'oncall.power.now': '現在 *{state}*',
  'oncall.key.name': 'APIキー',
} as const;

export const oncallCatalog = catalog(en, ja);
