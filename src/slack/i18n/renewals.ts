/**
 * Contract renewals: the reminder a channel gets before a contract renews
 * from the prepaid balance, and the answers to `/vps renewals` and
 * `/vps renewal set|clear`.
 */
import { catalog } from './catalog.ts';

const en = {
  'help.cmd.renewals':
    '`/vps renewals` — the contract dates the bot knows, and how many days are left before each',
  'help.cmd.renewal':
    '`/vps renewal set <server> <YYYY-MM-DD>` — the contract date of a server ordered in the provider’s panel, for its renewal reminders, e.g. `/vps renewal set db-1 2027-03-31`; `/vps renewal clear <server>` removes it',
  'usage.renewals': 'Usage: `/vps renewals` (no arguments).',
  'usage.renewal':
    'Usage: `/vps renewal set <server> <YYYY-MM-DD>` (e.g. `/vps renewal set db-1 2027-03-31`) or `/vps renewal clear <server>`.',
  'field.renewal_date.shape': 'Write the date as YYYY-MM-DD, e.g. 2027-03-31.',
  'field.renewal_date.not_a_day': 'That day is not in the calendar: check the month and the day.',
  'field.renewal_date.past': 'That date has already passed in Japan time: give the contract’s next date.',

  'renewal.left.today': 'today',
  'renewal.left.tomorrow': 'tomorrow',
  'renewal.left.days': 'in {days, plural, one {# day} other {# days}}',
  'renewal.left.yesterday': 'passed yesterday',
  'renewal.left.passed': 'passed {days, plural, one {# day} other {# days}} ago',

  'renewal.reminder.title':
    ':calendar: *{name}*: the contract renews on *{date}* ({left}), paid from the prepaid balance.',
  'renewal.reminder.title_off':
    ':calendar: *{name}*: the contract expires on *{date}* ({left}). It was ordered here with auto-renewal off, so unless someone has turned it on in the provider’s panel since (the API does not show it), the contract ends that day.',
  'renewal.reminder.price':
    '*Renewal price:* {price} (tax included) for *{plan}*, {months}, in today’s price list. The API publishes no renewal charge of its own: this is what an order of that plan and period placed today costs, this month’s pro-rata part included, so take it as a guide.',
  'renewal.reminder.price_campaign':
    '*Renewal price:* {price} (tax included) for *{plan}*, {months}, in today’s price list, with a campaign for new orders; {regular} without it. The API publishes no renewal charge of its own: this is what an order of that plan and period placed today costs, this month’s pro-rata part included, so take it as a guide.',
  'renewal.reminder.period_gone':
    '*{plan}* is still offered, but not for {months}: today’s price list names no price for this contract’s period.',
  'renewal.reminder.plan_gone':
    'The plan `{plan}` is no longer in today’s price list (the provider leaves out plans it no longer offers), so there is no renewal price to show.',
  'renewal.reminder.unknown_plan':
    'This server was not ordered through this bot, so its plan and period are not known here and no renewal price can be named; `/vps plans` shows today’s prices.',
  'renewal.reminder.price_forbidden':
    'The renewal price could not be read: the provider shows the price list only to a key that may sign up new servers (`/vps me` shows whether this one may).',
  'renewal.reminder.price_unavailable':
    'The renewal price could not be read: the provider did not answer for the price list just now; `/vps plans` shows it once it does.',
  'renewal.reminder.warning':
    ':warning: If the prepaid balance does not cover the renewal that day, the provider cancels this contract’s auto-renewal and e-mails only the account owner. Nobody here is told, and the API does not say so either.',
  'renewal.reminder.balance':
    'The API does not show the prepaid balance, so the bot cannot check whether it covers the renewal: ask the account owner to check it in the provider’s panel.',
  'renewal.reminder.source_provider': 'Date from the provider’s signup status.',
  'renewal.reminder.source_person': 'Date set by <@{user}> with `/vps renewal set`.',
  'renewal.reminder.renew_on': 'Ordered here with auto-renewal on.',
  'renewal.reminder.renew_off': 'Ordered here with auto-renewal off.',
  'renewal.reminder.renew_unknown':
    'Not ordered through this bot: the API does not show whether auto-renewal is on (it is on by default).',
  'renewal.reminder.hint': '`/vps renewals` lists every contract date the bot knows.',

  'renewal.list.title': 'Contract dates',
  'renewal.list.empty':
    'No contract date is known yet. The bot learns the date of each VPS it orders from the provider’s signup status.',
  'renewal.list.line': '• *{name}* — {date} ({left}) · {source}',
  'renewal.list.source_provider': 'from the provider’s signup status',
  'renewal.list.source_person': 'set by <@{user}> {at}',
  'renewal.list.provider_beside': ' (the provider’s date: {date})',
  'renewal.list.next': ' · next reminder {days, plural, =1 {the day before} other {# days before}}',
  'renewal.list.no_date':
    '• *{name}* — no date yet: the provider tells it once the server is set up (ordered here, signup status)',
  'renewal.list.more': '…and {count, number} more, not shown here.',
  'renewal.list.reminders':
    'Reminders come {days} days before each date (Japan calendar days), in the channel the order came from or where the date was set.',
  'renewal.list.reminders_one':
    'Reminders come the day before each date (Japan calendar days), in the channel the order came from or where the date was set.',
  'renewal.list.reminders_off': 'Renewal reminders are turned off (`VPS_RENEWAL_REMINDER_DAYS=off`).',
  'renewal.list.hint':
    'For a server ordered in the provider’s panel, an operator sets its date with `/vps renewal set <server> <YYYY-MM-DD>`; `/vps renewal clear <server>` removes it.',

  'renewal.change.set': ':calendar: The contract date of *{name}* is now *{date}* ({left}), set by hand.',
  'renewal.change.set_replaced':
    ':calendar: The contract date of *{name}* is now *{date}* ({left}), set by hand; it was {previous}.',
  'renewal.change.over_provider':
    'It counts instead of the provider’s date ({provider}) until `/vps renewal clear {name}` removes it.',
  'renewal.change.reminders_here': 'Its renewal reminders come here, {days} days before.',
  'renewal.change.reminders_here_one': 'Its renewal reminders come here, the day before.',
  'renewal.change.reminders_there':
    'Its renewal reminders go to <#{channel}>, where it was ordered, {days} days before.',
  'renewal.change.reminders_there_one':
    'Its renewal reminders go to <#{channel}>, where it was ordered, the day before.',
  'renewal.change.cleared': ':calendar: The contract date set by hand on *{name}* ({previous}) is removed.',
  'renewal.change.provider_back': 'The provider’s date counts again: *{date}* ({left}).',
  'renewal.change.no_date_now': 'No date is known for it now, so its reminders stop.',
  'renewal.change.nothing': 'No contract date was set by hand on *{name}*: nothing changed.',
  'field.renewal_date.too_far':
    'That date is more than {limit, plural, one {# year} other {# years}} away: give the contract’s next date (check the year for a typo).',
} as const;

const ja = {
  'help.cmd.renewals': '`/vps renewals` — ボットが把握している契約の更新日と、それぞれまでの残り日数',
  'help.cmd.renewal':
    '`/vps renewal set <サーバー> <YYYY-MM-DD>` — プロバイダーのパネルから申し込んだサーバーの契約日を設定し、更新のリマインダーを受け取ります。例: `/vps renewal set db-1 2027-03-31`。`/vps renewal clear <サーバー>` で削除できます',
  'usage.renewals': '使い方: `/vps renewals`（引数なし）',
  'usage.renewal':
    '使い方: `/vps renewal set <サーバー> <YYYY-MM-DD>`（例: `/vps renewal set db-1 2027-03-31`）または `/vps renewal clear <サーバー>`',
  'field.renewal_date.shape': '日付は YYYY-MM-DD の形で書いてください（例: 2027-03-31）。',
  'field.renewal_date.not_a_day': 'その日付は存在しません。月と日を確認してください。',
  'field.renewal_date.past': 'その日付は日本時間ですでに過ぎています。次の契約日を指定してください。',

  'renewal.left.today': '本日',
  'renewal.left.tomorrow': '明日',
  'renewal.left.days': 'あと{days, number}日',
  'renewal.left.yesterday': '昨日で経過',
  'renewal.left.passed': '{days, number}日前に経過',

  'renewal.reminder.title':
    ':calendar: *{name}* の契約は *{date}*（{left}）に更新され、前払い残高から支払われます。',
  'renewal.reminder.title_off':
    ':calendar: *{name}* の契約は *{date}*（{left}）に期限を迎えます。このボットから自動更新「なし」で申し込んだ契約のため、その後プロバイダーのパネルで自動更新を有効にしていなければ（APIでは確認できません）、その日で契約は終了します。',
  'renewal.reminder.price':
    '*更新料金の目安:* 本日の料金表では *{plan}*・{months}が{price}（税込）です。APIは更新時の料金を公開していないため、これは同じプランと期間を本日新規に申し込んだ場合の料金（今月の日割り分を含む）です。目安としてご覧ください。',
  'renewal.reminder.price_campaign':
    '*更新料金の目安:* 本日の料金表では *{plan}*・{months}が{price}（税込。新規申し込み向けのキャンペーン適用後で、通常は{regular}）です。APIは更新時の料金を公開していないため、これは同じプランと期間を本日新規に申し込んだ場合の料金（今月の日割り分を含む）です。目安としてご覧ください。',
  'renewal.reminder.period_gone':
    '*{plan}* は現在も提供されていますが、{months}の契約期間は本日の料金表にありません。この契約期間の料金は示せません。',
  'renewal.reminder.plan_gone':
    'プラン `{plan}` は本日の料金表にありません（提供を終えたプランは料金表に載りません）。そのため更新料金を示せません。',
  'renewal.reminder.unknown_plan':
    'このサーバーはこのボットから申し込んだものではないため、プランと契約期間が分からず、更新料金を示せません。本日の料金は `/vps plans` で確認できます。',
  'renewal.reminder.price_forbidden':
    '更新料金を読めませんでした。プロバイダーは新規申し込みを許可されたAPIキーにしか料金表を見せません（このキーの設定は `/vps me` で確認できます）。',
  'renewal.reminder.price_unavailable':
    '更新料金を読めませんでした。プロバイダーから料金表の応答がありませんでした。しばらくしてから `/vps plans` で確認してください。',
  'renewal.reminder.warning':
    ':warning: 更新日に前払い残高が更新料金に足りないと、プロバイダーはこの契約の自動更新を解除し、アカウント所有者にだけメールで知らせます。このチャンネルには誰からも連絡が来ず、APIからも分かりません。',
  'renewal.reminder.balance':
    'APIでは前払い残高を確認できないため、残高が更新料金に足りるかどうかボットには分かりません。アカウント所有者にプロバイダーのパネルで残高を確認してもらってください。',
  'renewal.reminder.source_provider': '日付はプロバイダーの申し込み状況（signup status）によるものです。',
  'renewal.reminder.source_person': '日付は <@{user}> さんが `/vps renewal set` で設定したものです。',
  'renewal.reminder.renew_on': 'このボットから自動更新「あり」で申し込んだ契約です。',
  'renewal.reminder.renew_off': 'このボットから自動更新「なし」で申し込んだ契約です。',
  'renewal.reminder.renew_unknown':
    'このボット以外から申し込んだ契約です。自動更新の設定はAPIでは確認できません（初期設定は「あり」です）。',
  'renewal.reminder.hint': 'ボットが把握しているすべての契約日は `/vps renewals` で確認できます。',

  'renewal.list.title': '契約の更新日',
  'renewal.list.empty':
    '把握している契約日はまだありません。このボットから申し込んだVPSの契約日は、プロバイダーの申し込み状況（signup status）から自動で取得します。',
  'renewal.list.line': '• *{name}* — {date}（{left}）· {source}',
  'renewal.list.source_provider': 'プロバイダーの申し込み状況より',
  'renewal.list.source_person': '<@{user}> さんが設定（{at}）',
  'renewal.list.provider_beside': '（プロバイダーの日付: {date}）',
  'renewal.list.next': ' · 次のリマインダーは{days, plural, =1 {前日} other {#日前}}',
  'renewal.list.no_date':
    '• *{name}* — 日付はまだありません（このボットから申し込み済み。サーバーの準備が終わると申し込み状況から分かります）',
  'renewal.list.more': '…ほか{count, number}件はここに載せていません。',
  'renewal.list.reminders':
    'リマインダーは各契約日の{days}日前（日本時間の暦日）に、申し込んだチャンネル（手動で設定した場合は設定したチャンネル）に届きます。',
  'renewal.list.reminders_one':
    'リマインダーは各契約日の前日（日本時間の暦日）に、申し込んだチャンネル（手動で設定した場合は設定したチャンネル）に届きます。',
  'renewal.list.reminders_off': '更新のリマインダーは無効になっています（`VPS_RENEWAL_REMINDER_DAYS=off`）。',
  'renewal.list.hint':
    'プロバイダーのパネルから申し込んだサーバーは、オペレーターが `/vps renewal set <サーバー> <YYYY-MM-DD>` で契約日を設定できます。`/vps renewal clear <サーバー>` で削除できます。',

  'renewal.change.set': ':calendar: *{name}* の契約日を *{date}*（{left}）に設定しました。',
  'renewal.change.set_replaced':
    ':calendar: *{name}* の契約日を *{date}*（{left}）に設定しました（変更前: {previous}）。',
  'renewal.change.over_provider':
    '`/vps renewal clear {name}` で削除するまで、プロバイダーの日付（{provider}）の代わりにこの日付を使います。',
  'renewal.change.reminders_here': '更新のリマインダーは{days}日前にこのチャンネルに届きます。',
  'renewal.change.reminders_here_one': '更新のリマインダーは前日にこのチャンネルに届きます。',
  'renewal.change.reminders_there':
    '更新のリマインダーは{days}日前に、申し込んだチャンネル <#{channel}> に届きます。',
  'renewal.change.reminders_there_one':
    '更新のリマインダーは前日に、申し込んだチャンネル <#{channel}> に届きます。',
  'renewal.change.cleared': ':calendar: *{name}* に手動で設定した契約日（{previous}）を削除しました。',
  'renewal.change.provider_back': 'プロバイダーの日付 *{date}*（{left}）に戻りました。',
  'renewal.change.no_date_now': 'この契約の日付が分からなくなったため、リマインダーも止まります。',
  'renewal.change.nothing': '*{name}* に手動で設定した契約日はありません。何も変更していません。',
  'field.renewal_date.too_far':
    'その日付は今日から{limit, plural, other {#年}}より先です。契約の次の日付を指定してください（年の打ち間違いにご注意ください）。',
} as const;

export const renewalsCatalog = catalog(en, ja);
