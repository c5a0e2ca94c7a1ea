/**
 * The App Home: each person's cockpit (what waits for them, what is
 * happening now, the key, what they may start), and the window a Home
 * button answers in (a Home has no message to answer under).
 */
import { catalog } from './catalog.ts';

const en = {
  'home.header': 'VPS ChatOps',
  'home.intro': 'What concerns you, kept up to date while you look. Your role: *{role}*.',
  'home.intro.accounts':
    'What concerns you in each provider account you have a role in, kept up to date while you look.',
  'home.account.title': 'Account: {label}',
  'home.account.role': 'Your role in this account: *{role}*. Its buttons act on this account.',
  'home.accounts.more':
    '{count, plural, one {# more account} other {# more accounts}} you have a role in did not fit on this page: its channels show what is there.',
  'home.no_role':
    'You have no role for this bot, so there is nothing to show you here. An admin gives roles (the `OPERATORS` and `APPROVERS` settings, or the policy file); once you have one, this page shows what waits for you and what is happening.',
  'home.waiting.title': 'Waiting for you',
  'home.waiting.none': 'Nothing waits for your decision.',
  'home.waiting.signup':
    '*Order of a VPS:* {plan}{server}, {period} · *{price}* (tax included)\nAsked for by <@{user}> in <#{channel}> · the quote expires {expires}',
  'home.waiting.server': ' named `{name}`',
  'home.waiting.approval': '*{title}*\nAsked for by <@{user}> in <#{channel}> · expires {expires}\n{loss}',
  'home.waiting.confirmation':
    '*{title}*\nYour request in <#{channel}>: nothing is sent before you confirm · expires {expires}\n{loss}',
  'home.waiting.more': '…and {count, number} more waiting for you, in their channels.',
  'home.own.title': '*Your requests*',
  'home.own.signup':
    '• Order of {plan}{server}, {price}: waiting for an approver in <#{channel}> · expires {expires}',
  'home.own.operation': '• {title}: waiting for an approver in <#{channel}> · expires {expires}',
  'home.own.more': '…and {count, number} more of yours.',
  'home.orders.line': '• Your order of {plan}{server}, {price}: *{state}* (<#{channel}>)',
  'home.now.title': 'Now',
  'home.incidents.title': '*Open incidents ({count, number})*',
  'home.incidents.none': 'No open incidents.',
  'home.incidents.more': '…and {count, number} more open: `/vps incidents` lists them all.',
  'home.mutes.title': '*Muted*',
  'home.mutes.line': '• :no_bell: *{name}* in <#{channel}> until {until}',
  'home.mutes.all': 'all servers',
  'home.mutes.more': '…and {count, number} more.',
  'home.fleet.summary': '*Servers:* {total, number} — {states}',
  'home.fleet.count': '{count, number} {label}',
  'home.fleet.unknown': 'power not read yet',
  'home.fleet.none': '*Servers:* none known yet (`/vps list` reads them).',
  'home.fleet.as_of': 'Power states as last read: {at}',
  'home.fleet.not_running.stopped': '{emoji} *{name}* is stopped',
  'home.fleet.not_running.error': '{emoji} *{name}* reports a power error',
  'home.fleet.not_running.processing': '{emoji} *{name}* is in the middle of a power operation',
  'home.fleet.not_running.other': '{emoji} *{name}*: {power}',
  'home.fleet.more': '…and {count, number} more not running: `/vps list` shows them all.',
  'home.hosting.summary': '*Hosting servers watched:* {servers}',
  'home.hosting.none': '*Hosting servers watched:* none.',
  'home.hosting.ssl_ok': 'No domain with an SSL problem.',
  'home.hosting.ssl': '• :closed_lock_with_key: `{domain}` on {server}: SSL `{status}` (read {at})',
  'home.hosting.more':
    '…and {count, plural, one {# more domain} other {# more domains}} with an SSL problem.',
  'home.key.title': 'The API key',
  'home.key.expires': '*Expires:* {at}',
  'home.key.expired': '*Expired:* {at}',
  'home.key.never': '*Expires:* never',
  'home.key.unknown': '*Expires:* not known yet (the key has not been checked)',
  'home.key.read_at': '_As the provider said at {at}._',
  'home.key.budget':
    '*Today’s requests left:* {remaining, number} of {limit, number} (the count starts again {reset})',
  'home.key.budget_none':
    '*Today’s requests:* {used, number} so far (`PROVIDER_DAILY_LIMIT` is not set, so what is left is not known)',
  'home.key.last_use': '*Last alarm of the key used by another client:* from `{ip}`, {at} ({state})',
  'home.key.last_use.open': 'still open',
  'home.key.last_use.resolved': 'resolved',
  'home.key.last_use.none': '*Key used by another client:* no alarm so far.',
  'home.may.title': 'What you may do',
  'home.may.text': 'As *{role}*, `/vps help` and `/hosting help` list exactly what you may do.',
  'home.may.approve': 'You may approve orders and destructive operations: they appear above as they come.',
  'home.may.start_none': 'Nothing to start from here with your role.',
  'home.may.order': 'Order a VPS',
  'home.may.plans': 'Price list',
  'home.window.title': 'VPS ChatOps',
  'home.window.card_hint':
    'To rename this server or edit its memo or reverse DNS, use `/vps show` in a channel: the card there has the buttons.',
} as const;

const ja = {
  'home.header': 'VPS ChatOps',
  'home.intro': 'あなたに関係する内容を、表示中も最新の状態に保ちます。あなたのロール: *{role}*',
  'home.intro.accounts':
    'ロールのあるプロバイダーアカウントごとに、あなたに関係する内容を表示中も最新の状態に保ちます。',
  'home.account.title': 'アカウント：{label}',
  'home.account.role':
    'このアカウントでのあなたのロール: *{role}*。ここのボタンはこのアカウントに対して動作します。',
  'home.accounts.more':
    'ロールのあるアカウントのうち {count, number} 件はこのページに収まりませんでした。各アカウントのチャンネルで確認できます。',
  'home.no_role':
    'このボットでのロールが割り当てられていないため、ここに表示できる内容はありません。ロールは管理者が設定します（`OPERATORS`・`APPROVERS` の設定、またはポリシーファイル）。ロールが付与されると、このページにあなたの対応待ちの項目や現在の状況が表示されます。',
  'home.waiting.title': 'あなたの対応待ち',
  'home.waiting.none': 'あなたの判断を待っているものはありません。',
  'home.waiting.signup':
    '*VPS の注文:* {plan}{server}・{period}・*{price}*（税込）\n<#{channel}> で <@{user}> さんが依頼・見積もりの有効期限 {expires}',
  'home.waiting.server': '（サーバー名 `{name}`）',
  'home.waiting.approval': '*{title}*\n<#{channel}> で <@{user}> さんが依頼・有効期限 {expires}\n{loss}',
  'home.waiting.confirmation':
    '*{title}*\n<#{channel}> でのあなたの依頼です。確定するまで何も送信されません・有効期限 {expires}\n{loss}',
  'home.waiting.more': 'ほかに {count, number} 件があなたの対応を待っています（各チャンネルにあります）。',
  'home.own.title': '*あなたの依頼*',
  'home.own.signup':
    '• {plan}{server} の注文（{price}）: <#{channel}> で承認者を待っています・有効期限 {expires}',
  'home.own.operation': '• {title}: <#{channel}> で承認者を待っています・有効期限 {expires}',
  'home.own.more': 'ほかに {count, number} 件あります。',
  'home.orders.line': '• あなたの {plan}{server} の注文（{price}）: *{state}*（<#{channel}>）',
  'home.now.title': '現在の状況',
  'home.incidents.title': '*未解決のインシデント（{count, number} 件）*',
  'home.incidents.none': '未解決のインシデントはありません。',
  'home.incidents.more': 'ほかに {count, number} 件が未解決です。`/vps incidents` ですべて確認できます。',
  'home.mutes.title': '*ミュート中*',
  'home.mutes.line': '• :no_bell: *{name}*（<#{channel}>）{until} まで',
  'home.mutes.all': 'すべてのサーバー',
  'home.mutes.more': 'ほかに {count, number} 件あります。',
  'home.fleet.summary': '*サーバー:* {total, number} 台 — {states}',
  'home.fleet.count': '{label} {count, number} 台',
  'home.fleet.unknown': '電源状態未取得',
  'home.fleet.none': '*サーバー:* まだ把握しているサーバーはありません（`/vps list` で読み込めます）。',
  'home.fleet.as_of': '電源状態の最終取得: {at}',
  'home.fleet.not_running.stopped': '{emoji} *{name}* は停止中です',
  'home.fleet.not_running.error': '{emoji} *{name}* の電源状態がエラーです',
  'home.fleet.not_running.processing': '{emoji} *{name}* は電源操作の処理中です',
  'home.fleet.not_running.other': '{emoji} *{name}*: {power}',
  'home.fleet.more':
    'ほかに稼働していないサーバーが {count, number} 台あります。`/vps list` ですべて確認できます。',
  'home.hosting.summary': '*監視中のレンタルサーバー:* {servers}',
  'home.hosting.none': '*監視中のレンタルサーバー:* ありません。',
  'home.hosting.ssl_ok': 'SSL に問題のあるドメインはありません。',
  'home.hosting.ssl': '• :closed_lock_with_key: {server} の `{domain}`: SSL `{status}`（{at} に取得）',
  'home.hosting.more': 'ほかに SSL に問題のあるドメインが {count, number} 件あります。',
  'home.key.title': 'APIキー',
  'home.key.expires': '*有効期限:* {at}',
  'home.key.expired': '*期限切れ:* {at}',
  'home.key.never': '*有効期限:* なし',
  'home.key.unknown': '*有効期限:* 未確認（キーの確認がまだ済んでいません）',
  'home.key.read_at': '_{at} 時点のプロバイダーの情報です。_',
  'home.key.budget':
    '*本日の残りリクエスト数:* {limit, number} 件中 {remaining, number} 件（{reset} にリセット）',
  'home.key.budget_none':
    '*本日のリクエスト数:* これまでに {used, number} 件（`PROVIDER_DAILY_LIMIT` が未設定のため、残りはわかりません）',
  'home.key.last_use': '*ほかのクライアントによるキー使用の最新アラート:* `{ip}` から・{at}（{state}）',
  'home.key.last_use.open': '未解決',
  'home.key.last_use.resolved': '解決済み',
  'home.key.last_use.none': '*ほかのクライアントによるキー使用:* これまでアラートはありません。',
  'home.may.title': 'できること',
  'home.may.text': '*{role}* としてできることは、`/vps help` と `/hosting help` で確認できます。',
  'home.may.approve': '注文や破壊的な操作を承認できます。依頼が届くと上に表示されます。',
  'home.may.start_none': 'あなたのロールでは、ここから始められる操作はありません。',
  'home.may.order': 'VPSを注文',
  'home.may.plans': '料金表',
  'home.window.title': 'VPS ChatOps',
  'home.window.card_hint':
    'サーバー名の変更やメモ・逆引きDNSの編集は、チャンネルで `/vps show` を使ってください。そこに表示されるカードにボタンがあります。',
} as const;

export const homeCatalog = catalog(en, ja);
