/**
 * The daily digest: its short top message (counts, the worst first), the
 * details in its thread, and `/vps digest`.
 */
import { catalog } from './catalog.ts';

const en = {
  'help.cmd.digest':
    '`/vps digest` — the last 24 hours at a glance: incidents, servers not running, orders, refused approvals, hosting changes, key alarms, the provider budget and contracts renewing soon',
  'usage.digest': 'Usage: `/vps digest` (no arguments).',

  'digest.title.day': ':newspaper: *Daily digest for {day}*: the 24 hours to {hour} Japan time',
  'digest.title.now': ':newspaper: *Digest of the last 24 hours*, to {at}',
  'digest.late': 'Posted late: the bot was not running at {hour} Japan time.',
  'digest.quiet':
    ':white_check_mark: A quiet day: no incident, no order, no refused approval and no hosting change.',
  'digest.more_in_thread': 'Details in the thread.',
  'digest.more_below': 'Details below.',

  'digest.top.open':
    ':rotating_light: *Open incidents: {count, number}*. The longest: *{name}*, open for {lasted}',
  'digest.top.key':
    ':key: *Key alarms: {count, number}*. The provider key was used, or refused, in a way the bot did not expect',
  'digest.top.not_running': ':red_circle: *Servers not running: {count, number}*. {names}',
  'digest.top.incidents': ':bell: *Incidents opened: {opened, number}*, resolved: {resolved, number}',
  'digest.top.outside': ':warning: *Hosting changes made outside the bot: {count, number}*',
  'digest.top.server_outside': ':warning: *Servers changed outside the bot: {count, number}*',
  'digest.top.refusals':
    ':no_entry_sign: *Approvals refused: {rejected, number}*, expired unanswered: {expired, number}',
  'digest.top.orders': ':shopping_trolley: *Orders placed: {placed, number}*, {total} in all (tax included)',
  'digest.top.orders_unknown':
    ':grey_question: *Orders of unknown outcome: {count, number}*. They may have reached the provider',
  'digest.top.hosting': ':wrench: *Hosting changes made through the bot: {count, number}*',
  'digest.top.renewals':
    ':calendar: *Contracts renewing within {days, plural, one {# day} other {# days}}: {count, number}*. The nearest: *{name}* on {date}',
  'digest.top.budget':
    ':bar_chart: Provider requests: {previous, number} the day before, {today, number} today so far (Japan days)',
  'digest.top.budget_limit':
    ':bar_chart: Provider requests: {previous, number} the day before, {today, number} today so far, of {limit, number} a day (Japan days)',
  'digest.names_more': '{names} and {count, number} more',

  'digest.section.incidents':
    '*Incidents*: {opened, number} opened, {resolved, number} resolved, {open, number} still open',
  'digest.section.key': '*Key alarms* (unexpected use of the provider key, or a burst of refused requests)',
  'digest.section.not_running': '*Servers not running* ({count, number}), as the watcher last saw them',
  'digest.section.orders': '*Orders placed*: {placed, number}, {total} in all (tax included)',
  'digest.section.refusals':
    '*Approvals refused or expired*: {rejected, number} refused, {expired, number} expired',
  'digest.section.hosting': '*Hosting changes made through the bot* ({count, number})',
  'digest.section.outside': '*Hosting changes made outside the bot* ({count, number}), seen by the watcher',
  'digest.section.server_outside':
    '*Servers changed outside the bot* ({count, number}): in the control panel or by another API client',
  'digest.section.budget': '*Provider budget*',
  'digest.section.renewals':
    '*Contracts renewing within {days, plural, one {# day} other {# days}}* ({count, number})',
  'digest.section.none': 'None.',
  'digest.section.more': '…and {count, number} more, counted above.',
  'digest.page': 'Details, part {n, number} of {of, number}',

  'digest.incident.open': '{marker}*{name}*: {kind}, open since {since} ({lasted}){claim}',
  'digest.incident.resolved': '*{name}*: {kind}, {since} to {until} ({lasted}){claim}',
  'digest.incident.claim': ', taken by <@{user}>',
  'digest.incident.longest': 'The longest: *{name}* ({kind}), {lasted}{open}',
  'digest.incident.longest_open': ', still open',
  'digest.kind.power': 'server stopped or in error',
  'digest.kind.contract': 'contract suspended',
  'digest.kind.signup-stuck': 'order stuck in setup',
  'digest.kind.ssl': 'SSL certificate failing',
  'digest.kind.key-use': 'the key used by someone else',
  'digest.kind.key-auth': 'refused requests with the key',
  'digest.kind.key-expired': 'the key expired or refused',
  'digest.server': '*{name}*: {power} since {since}',
  'digest.server_since_unknown': '*{name}*: {power} (since before the watcher’s first look)',
  'digest.order.placed':
    '*{name}* ({plan}, {months}): {price}, approved by <@{approver}> for <@{requester}>, {at}',
  'digest.order.unknown':
    '*{name}* ({plan}, {months}): {price}, outcome unknown (it may have reached the provider; `/vps signups` shows it), {at}',
  'digest.order.unnamed': 'unnamed server',
  'digest.refusal.signup_rejected':
    'Order of *{name}* ({plan}, {price}) by <@{requester}>: refused by <@{by}>, {at}',
  'digest.refusal.signup_expired':
    'Order of *{name}* ({plan}, {price}) by <@{requester}>: expired unanswered, {at}',
  'digest.refusal.op_rejected': '{what} on `{target}` by <@{requester}>: refused by <@{by}>, {at}',
  'digest.refusal.op_expired': '{what} on `{target}` by <@{requester}>: expired unanswered, {at}',
  'digest.refusal.nobody': 'nobody recorded',
  'digest.hosting.line': '{at} · `{server}` · {action}{subject} · <@{actor}>',
  'digest.outside.line': '{at} · `{server}` · {what}{subject}',
  'digest.server_outside.line': '{at} · *{name}* · {fields}',
  'digest.budget.previous': 'Requests the Japan day before: {count, number}',
  'digest.budget.previous_limit': 'Requests the Japan day before: {count, number} of {limit, number}',
  'digest.budget.today': 'Requests today so far: {count, number}',
  'digest.budget.today_limit': 'Requests today so far: {count, number} of {limit, number} ({level})',
  'digest.budget.no_limit':
    'No daily limit is configured (PROVIDER_DAILY_LIMIT), so these are counts only: the provider publishes its daily figures per plan.',
  'digest.budget.window': 'Last rate-limit window seen: {remaining, number} of {limit, number} left, {at}',
  'digest.budget.window_none': 'No rate-limit window seen yet since the bot started.',
  'digest.budget.level.ok': 'enough left',
  'digest.budget.level.low': 'running low',
  'digest.budget.level.exhausted': 'the provider refused for the day',
  'digest.renewal.line': '*{name}*: {date} ({left}){off}',
  'digest.renewal.off': ', auto-renewal off when ordered',
  'digest.notice': 'The daily digest for {day}',
} as const;

const ja = {
  'help.cmd.digest':
    '`/vps digest` — 直近24時間のまとめ（インシデント、停止中のサーバー、注文、却下された承認、ホスティングの変更、キーのアラート、APIの利用量、更新が近い契約）',
  'usage.digest': '使い方: `/vps digest`（引数はありません）',

  'digest.title.day': ':newspaper: *{day}のデイリーダイジェスト*（日本時間{hour}までの24時間）',
  'digest.title.now': ':newspaper: *直近24時間のダイジェスト*（{at}まで）',
  'digest.late': '日本時間{hour}の時点でボットが停止していたため、遅れて投稿しています。',
  'digest.quiet':
    ':white_check_mark: 平穏な1日でした。インシデント、注文、却下された承認、ホスティングの変更はありません。',
  'digest.more_in_thread': '詳細はスレッドをご覧ください。',
  'digest.more_below': '詳細は以下のとおりです。',

  'digest.top.open':
    ':rotating_light: *対応中のインシデント {count, number}件*（最長: *{name}*、{lasted}継続中）',
  'digest.top.key':
    ':key: *キーのアラート {count, number}件*: 想定外のAPIキーの利用、または拒否が発生しました',
  'digest.top.not_running': ':red_circle: *稼働していないサーバー {count, number}台*: {names}',
  'digest.top.incidents': ':bell: *発生したインシデント {opened, number}件*（うち解消 {resolved, number}件）',
  'digest.top.outside': ':warning: *ボット以外で行われたホスティングの変更 {count, number}件*',
  'digest.top.server_outside': ':warning: *ボット以外で変更されたサーバー {count, number}台*',
  'digest.top.refusals':
    ':no_entry_sign: *却下された承認 {rejected, number}件*、応答がなく期限切れ {expired, number}件',
  'digest.top.orders': ':shopping_trolley: *注文 {placed, number}件*、合計{total}（税込）',
  'digest.top.orders_unknown':
    ':grey_question: *結果が不明な注文 {count, number}件*: プロバイダーに届いている可能性があります',
  'digest.top.hosting': ':wrench: *ボット経由のホスティングの変更 {count, number}件*',
  'digest.top.renewals':
    ':calendar: *{days, number}日以内に更新される契約 {count, number}件*（直近: *{name}*、{date}）',
  'digest.top.budget':
    ':bar_chart: APIリクエスト数: 前日 {previous, number}件、本日ここまで {today, number}件（日本時間の日単位）',
  'digest.top.budget_limit':
    ':bar_chart: APIリクエスト数: 前日 {previous, number}件、本日ここまで {today, number}件（1日の上限 {limit, number}件、日本時間の日単位）',
  'digest.names_more': '{names} ほか{count, number}台',

  'digest.section.incidents':
    '*インシデント*: 発生 {opened, number}件、解消 {resolved, number}件、対応中 {open, number}件',
  'digest.section.key': '*キーのアラート*（APIキーの想定外の利用、または拒否の多発）',
  'digest.section.not_running': '*稼働していないサーバー*（{count, number}台、監視が最後に確認した状態）',
  'digest.section.orders': '*注文*: {placed, number}件、合計{total}（税込）',
  'digest.section.refusals':
    '*却下・期限切れの承認*: 却下 {rejected, number}件、期限切れ {expired, number}件',
  'digest.section.hosting': '*ボット経由のホスティングの変更*（{count, number}件）',
  'digest.section.outside': '*ボット以外で行われたホスティングの変更*（{count, number}件、監視で検知）',
  'digest.section.server_outside':
    '*ボット以外で変更されたサーバー*（{count, number}台、コントロールパネルや他のAPIクライアントによる変更）',
  'digest.section.budget': '*APIの利用量*',
  'digest.section.renewals': '*{days, number}日以内に更新される契約*（{count, number}件）',
  'digest.section.none': 'ありません。',
  'digest.section.more': 'ほか{count, number}件（件数は上記に含まれています）',
  'digest.page': '詳細（{n, number}/{of, number}）',

  'digest.incident.open': '{marker}*{name}*: {kind}（{since}から継続中、{lasted}）{claim}',
  'digest.incident.resolved': '*{name}*: {kind}（{since}〜{until}、{lasted}）{claim}',
  'digest.incident.claim': '、担当: <@{user}>',
  'digest.incident.longest': '最も長かったもの: *{name}*（{kind}、{lasted}{open}）',
  'digest.incident.longest_open': '、継続中',
  'digest.kind.power': 'サーバーの停止またはエラー',
  'digest.kind.contract': '契約の一時停止',
  'digest.kind.signup-stuck': '注文のセットアップが完了しない',
  'digest.kind.ssl': 'SSL証明書の発行に失敗',
  'digest.kind.key-use': '第三者によるキーの利用',
  'digest.kind.key-auth': 'キーでのリクエストの拒否',
  'digest.kind.key-expired': 'キーの期限切れまたは拒否',
  'digest.server': '*{name}*: {since}から{power}',
  'digest.server_since_unknown': '*{name}*: {power}（監視の初回確認時点から）',
  'digest.order.placed':
    '*{name}*（{plan}、{months}）: {price}、<@{requester}> さんの注文を <@{approver}> さんが承認、{at}',
  'digest.order.unknown':
    '*{name}*（{plan}、{months}）: {price}、結果不明（プロバイダーに届いている可能性があります。`/vps signups` で確認できます）、{at}',
  'digest.order.unnamed': '名前未設定のサーバー',
  'digest.refusal.signup_rejected':
    '<@{requester}> さんの *{name}* の注文（{plan}、{price}）: <@{by}> さんが却下、{at}',
  'digest.refusal.signup_expired':
    '<@{requester}> さんの *{name}* の注文（{plan}、{price}）: 応答がなく期限切れ、{at}',
  'digest.refusal.op_rejected': '<@{requester}> さんの `{target}` での {what}: <@{by}> さんが却下、{at}',
  'digest.refusal.op_expired': '<@{requester}> さんの `{target}` での {what}: 応答がなく期限切れ、{at}',
  'digest.refusal.nobody': '記録なし',
  'digest.hosting.line': '{at} · `{server}` · {action}{subject} · <@{actor}>',
  'digest.outside.line': '{at} · `{server}` · {what}{subject}',
  'digest.server_outside.line': '{at} · *{name}* · {fields}',
  'digest.budget.previous': '前日（日本時間）: {count, number}件',
  'digest.budget.previous_limit': '前日（日本時間）: {count, number}件 / 上限 {limit, number}件',
  'digest.budget.today': '本日ここまで: {count, number}件',
  'digest.budget.today_limit': '本日ここまで: {count, number}件 / 上限 {limit, number}件（{level}）',
  'digest.budget.no_limit':
    '1日の上限（PROVIDER_DAILY_LIMIT）が設定されていないため、件数のみを表示しています。1日の上限はプランごとに異なります。',
  'digest.budget.window': '直近のレート制限: 残り {remaining, number}件 / {limit, number}件（{at}時点）',
  'digest.budget.window_none': 'ボットの起動以降、レート制限の情報はまだ届いていません。',
  'digest.budget.level.ok': '余裕あり',
  'digest.budget.level.low': '残りわずか',
  'digest.budget.level.exhausted': '本日はプロバイダーに拒否されています',
  'digest.renewal.line': '*{name}*: {date}（{left}）{off}',
  'digest.renewal.off': '、注文時は自動更新オフ',
  'digest.notice': '{day}のデイリーダイジェスト',
} as const;

export const digestCatalog = catalog(en, ja);
