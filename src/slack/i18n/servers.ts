/**
 * The /vps read and change commands: help, the server list and card, the
 * power line, logs, me, audit, the change modals and their announcements.
 */
import { catalog } from './catalog.ts';

const en = {
  'help.title': 'What you can do with /vps',
  'help.role': 'Your role here: *{role}*.',
  'help.key_read_only': 'The provider key is read-only, so changes are off for everyone.',
  'help.key_custom':
    'The provider key has custom VPS permissions. Which of its categories covers which command is not published, so the provider decides each time; a refusal shows the key’s categories.',
  'help.key_unavailable': 'The provider key could not be read just now; changes may be refused.',
  'help.channel_not_allowed':
    'This channel is not one where /vps may be used; ask an admin for the channel list.',
  'help.you_can': 'Commands you can run',
  'help.not_yours': 'Needs a higher role: {commands}',
  'help.name.approve': 'approving orders',
  'help.coming': 'Web hosting servers have their own command: `/hosting help`.',
  'help.server_ref': 'Name a server by its name, uuid or IP address.',
  'help.rules.title': 'Rules',
  'help.rules.name_unique': 'No other server may already have the name.',
  'help.rules.memo_clear': 'Any text, spaces kept; `""` clears the memo.',
  'help.rules.rdns_default':
    'The provider’s standard hostname restores the default; the name is not checked against DNS.',
  'help.rules.logs_time':
    '`from=` and `to=`: a real day `YYYY-MM-DD`, optionally with a time `THH:MM` (Japan time), e.g. `from=2026-01-01`.',
  'help.rules.logs_values':
    '`status=success|error`, `method=GET|POST|PUT|DELETE`, `code=` an HTTP status from 100 to 599.',
  'help.rules.logs_limit':
    '`limit=`: entries per page, a whole number from 1 to 500 (the provider’s rule; 20 when not given). *Older entries* pages on with the same filters.',
  'help.cmd.list':
    '`/vps list [filter]` — all servers, e.g. `/vps list web` or `/vps list type=windows status=suspended`',
  'help.cmd.show': '`/vps show <server>` — the detail card, e.g. `/vps show db-1`',
  'help.cmd.power': '`/vps power <server>` — the power state right now, e.g. `/vps power web-1`',
  'help.cmd.logs':
    '`/vps logs [from= to= status= method= code= limit=]` — the key’s API log, e.g. `/vps logs status=error from=2026-01-01 limit=100`',
  'help.cmd.me': '`/vps me` — key expiry, permissions and your role',
  'help.cmd.audit': '`/vps audit [server]` — recent changes made through this bot',
  'help.cmd.rename': '`/vps rename <server> <new-name>` — e.g. `/vps rename web-1 web-01`',
  'help.cmd.memo': '`/vps memo <server> <text>` — e.g. `/vps memo db-1 primary database` (`""` clears it)',
  'help.cmd.rdns': '`/vps rdns <server> <hostname>` — e.g. `/vps rdns web-1 www.example.com`',
  'help.cmd.signup':
    '`/vps signup` — order a new VPS: the form asks the provider for the price, an approver confirms it',
  'help.cmd.signups': '`/vps signups` — recent quotes and orders in this channel, with their states',
  'help.cmd.plans':
    '`/vps plans` — today’s price of every plan and period (campaign prices too) and the OS images each plan takes; a button opens the order form with the plan chosen',
  'help.cmd.signup_status':
    '`/vps signup status <service code>` — a signup’s state, uuid and contract expiry, whether ordered here or in the provider’s panel',
  'help.cmd.approve': 'Approve or reject orders with the buttons on their approval message',
  'help.cmd.watch':
    '`/vps watch <server|all> [#channel]` — post power changes here (or there); `/vps unwatch …` stops it; `/vps watch key`: requests made with the provider key by other clients',
  'help.cmd.watches':
    '`/vps watches [#channel]` — what this channel (or that one) watches, and what it muted',
  'help.cmd.mute':
    '`/vps mute <server|all> <duration>` — a maintenance window: changes are recorded, not posted, and summed up when it ends (e.g. `/vps mute db-1 2h`); `/vps unmute [server|all]` ends it early',
  'help.modal_hint': 'Leave out the new value to edit it in a form.',

  'list.header': '{count, plural, one {# server} other {# servers}}',
  'list.header_filtered': '{count, plural, one {# server} other {# servers}} matching “{filter}”',
  'list.empty': 'No server matches. Try `/vps list` without a filter.',
  'list.page': 'Page {page} of {pages}',
  'list.prev': 'Previous',
  'list.next': 'Next',
  'list.power_unknown': 'power not seen yet',
  'list.power_seen': '{power} (seen {age} ago)',
  'list.power_stale':
    '{power} when last seen {age} ago: not read again for several rounds, so it may have changed (`/vps power <server>` asks now)',
  'list.no_ip': 'no IP',
  'list.read_ago': 'Server list as read from the provider {age} ago.',
  'list.text': '{header}: {list}',
  'list.text_more': '{header}: {list} and {count, number} more',
  'list.text_item': '{name} ({power})',
  'list.malformed':
    'The provider’s answer for this server breaks its spec ({fields}): only what could be read is shown. `/vps show {uuid}` shows its detail.',
  'list.unaddressable':
    'Entry {position} of the provider’s list breaks its spec ({fields}) and has no readable uuid, so it cannot be shown or changed from here. Check it in the provider’s panel.',
  'malformed.whole_entry': 'the whole entry',
  'malformed.fields_more': '{fields} and {count, number} more',

  'card.title': '{name}',
  'card.type': 'Type',
  'card.status': 'Contract',
  'card.plan': 'Plan',
  'card.plan_value': '{name} · {vcpu} vCPU · {memory} GB memory · {disk} GB disk',
  'card.ip': 'IP address',
  'card.hostname': 'Hostname',
  'card.rdns': 'Reverse DNS',
  'card.os': 'OS',
  'card.application': 'Application',
  'card.memo': 'Memo',
  'card.power': 'Power',
  'card.power_at': 'Power read at {at}',
  'card.none': '—',
  'card.unreadable': 'unreadable',
  'card.malformed':
    'The provider’s answer for this server breaks its spec ({fields}): those fields are marked unreadable, and nothing was guessed.',
  'card.refresh': 'Refresh',
  'card.rename': 'Rename',
  'card.edit_memo': 'Edit memo',
  'card.set_rdns': 'Set reverse DNS',
  'card.memo_long':
    'The memo is {length, plural, one {# character} other {# characters}} long; the first part is shown.',

  'power.line': '*{name}* is *{power}* (read at {at}).',

  'modal.name.title': 'Rename server',
  'modal.memo.title': 'Edit memo',
  'modal.rdns.title': 'Set reverse DNS',
  'modal.submit': 'Save',
  'modal.cancel': 'Cancel',
  'modal.server': 'Server: *{name}* ({ip})',
  'modal.name.label': 'New name',
  'modal.name.hint':
    'Up to {limit, plural, one {# character} other {# characters}}: lower-case letters, digits, - and _.',
  'modal.memo.label': 'Memo',
  'modal.memo.hint':
    'Up to {limit, plural, one {# character} other {# characters}}. Leave empty to delete the memo.',
  'modal.rdns.label': 'Reverse DNS hostname',
  'modal.rdns.hint':
    'Up to {limit, plural, one {# character} other {# characters}}: letters, digits, - and . — the standard hostname restores the default.',

  'announce.name': '<@{user}> renamed server *{before}* to *{after}*.',
  'announce.memo': '<@{user}> changed the memo of *{name}*: {after}',
  'announce.memo_cleared': '<@{user}> deleted the memo of *{name}*.',
  'announce.rdns': '<@{user}> set the reverse DNS of *{name}* ({ip}) to `{after}` (was `{before}`).',
  'announce.unchanged': 'Nothing to change: *{name}* already has that value.',

  'logs.header': 'API log of the provider key',
  'logs.filters': 'Filters: {filters}',
  'logs.empty': 'No log entries match. Widen the period or drop a filter.',
  'logs.count': '{count, plural, one {# entry} other {# entries}} on this page',
  'logs.not_shown':
    '{count, plural, one {# of them does not fit in one message and is not shown} other {# of them do not fit in one message and are not shown}}: ask again with a smaller `limit=`.',
  'field.limit.range': '`limit=` must be a whole number from 1 to {limit} (the provider’s rule).',
  'logs.more': 'Older entries',
  'logs.cursor_too_long':
    'More entries exist, but the page marker is too long for a button; narrow the period with from= and to=.',
  'logs.time_note': 'Times in {tz}.',

  'me.title': 'Provider key and your access',
  'me.expires': 'Key expires: {at} ({left} left)',
  'me.expires_soon':
    ':warning: Key expires: {at}, in {left}. Before then, ask the account owner for a new key and set it as PROVIDER_API_KEY.',
  'me.expires_at': 'Key expires: {at}',
  'me.never': 'Key never expires.',
  'me.read_ago': '_As the provider said {ago} ago (read at most once a minute)._',
  'me.expired': 'The key expired at {at}. Ask the account owner for a new key.',
  'me.services': 'What the key covers, as the provider describes it:',
  'me.service.server': 'web hosting servers',
  'me.service.domain': 'domains',
  'me.service.wphosting': 'WordPress hosting',
  'me.service.vps': 'VPS',
  'me.service_title': '*{name}* `{service}`',
  'me.service_title_other': '`{service}`',
  'me.permission': 'Permission: *{permission}*',
  'me.targets_all': 'Targets: all, everything in the account',
  'me.targets_selected': 'Targets: {count, number} selected',
  'me.targets_unknown': 'Targets: `{mode}`',
  'me.vps_unnamed': '{uuid} (not in the server list)',
  'me.list_separator': ', ',
  'me.categories': 'Custom categories, as the provider names them:',
  'me.categories_none': 'Custom categories: none named.',
  'me.allow_signup_yes': 'New signups: allowed',
  'me.allow_signup_no': 'New signups: not allowed',
  'me.allow_acquisition_yes': 'Acquiring, transferring and renewing domains: allowed',
  'me.allow_acquisition_no': 'Acquiring, transferring and renewing domains: not allowed',
  'me.sites_all': 'WordPress sites: all',
  'me.sites_selected': 'WordPress sites: {count, number} selected',
  'me.more': '…and {count, number} more ({total, number} in all)',
  'me.legacy': 'Legacy single-server key (deprecated fields):',
  'me.signup_yes': 'New VPS signup is allowed with this key.',
  'me.signup_no': 'New VPS signup is not allowed with this key.',
  'me.role': 'Your role here: *{role}*.',
  'me.expected_title': 'Other clients you expect (KEY_EXPECTED_IPS), counted in the key’s log:',
  'me.expected_line': '• {range}: {count, plural, one {# request} other {# requests}}, the last {at}',
  'me.read_only': 'The key is read-only: rename, memo and reverse DNS are off.',
  'me.daily_ok': 'Provider requests today: {used, number} of {limit, number} (the count starts again {at}).',
  'me.daily_low':
    ':warning: The provider’s daily request budget is running low: {remaining, number} of {limit, number} left until {at}. The watcher checks servers less often until then; commands still work.',
  'me.daily_held':
    ':warning: Only {remaining, number} of the provider’s {limit, number} daily requests are left, kept for commands: the watcher is paused until {at}.',
  'me.daily_exhausted':
    ':no_entry: The provider’s daily request limit is reached until {at}. Commands that need the provider cannot be answered and the watcher is paused until then.',

  'audit.title': 'Recent changes and refused attempts',
  'audit.title_server': 'Recent changes and refused attempts for *{name}*',
  'audit.empty': 'Nothing recorded yet.',
  'audit.entry': '{at} · <@{actor}> · {action} · {target} · {outcome}',
  'audit.outcome.ok': 'done',
  'audit.outcome.refused': 'refused',
  'audit.outcome.failed': 'failed',
  'audit.outcome_because': '{outcome}: {reason}',
  'audit.action.rename_to': 'rename → `{value}`',
  'audit.action.memo_to': 'memo → “{value}”',
  'audit.action.rdns_to': 'reverse DNS → `{value}`',
  'audit.action.rename': 'rename',
  'audit.action.memo': 'memo',
  'audit.action.rdns': 'reverse DNS',
  'audit.action.outside_change': 'changed outside Slack',
  'audit.action.signup.quote': 'order quoted',
  'audit.action.signup.approve': 'order approved',
  'audit.action.signup.reject': 'order rejected',
  'audit.action.signup.execute': 'order placed',
  'audit.action.signup.expire': 'quote expired',
  'audit.action.watch': 'watch',
  'audit.action.unwatch': 'unwatch',
  'audit.action.mute': 'mute',
  'audit.action.unmute': 'unmute',

  'modal.loading': 'Loading…',
  'modal.saving': 'Saving… this modal updates when the provider answers.',
  'modal.done': 'Done.',
  'modal.close': 'Close',
} as const;

const ja = {
  'help.title': '/vps でできること',
  'help.role': 'このワークスペースでのあなたのロール: *{role}*',
  'help.key_read_only': 'プロバイダーのAPIキーが読み取り専用のため、変更操作は全員に対して無効です。',
  'help.key_custom':
    'APIキーのVPS権限はカスタムです。どのカテゴリがどのコマンドに当たるかは公開されていないため、毎回プロバイダーが判断します。拒否された場合はキーのカテゴリを示します。',
  'help.key_unavailable': 'プロバイダーのAPIキー情報を今は読めませんでした。変更が拒否される場合があります。',
  'help.channel_not_allowed':
    'このチャンネルでは /vps を使えません。使えるチャンネルは管理者に確認してください。',
  'help.you_can': '実行できるコマンド',
  'help.not_yours': '上位のロールが必要: {commands}',
  'help.name.approve': '注文の承認',
  'help.coming': 'レンタルサーバーは専用のコマンドで操作します: `/hosting help`',
  'help.server_ref': 'サーバーは名前・UUID・IPアドレスのいずれかで指定します。',
  'help.rules.title': '規則',
  'help.rules.name_unique': '他のサーバーと同じ名前は使えません。',
  'help.rules.memo_clear': '文字の種類は自由で、空白もそのまま保存されます。`""` でメモを消せます。',
  'help.rules.rdns_default':
    'プロバイダー標準のホスト名を指定すると初期値に戻ります。DNSとの一致は確認されません。',
  'help.rules.logs_time':
    '`from=` と `to=`: 実在する日付 `YYYY-MM-DD`、時刻を付けるなら `THH:MM`（日本時間）。例: `from=2026-01-01`',
  'help.rules.logs_values':
    '`status=success|error`、`method=GET|POST|PUT|DELETE`、`code=` は 100〜599 の HTTP ステータス。',
  'help.rules.logs_limit':
    '`limit=`: 1ページの件数。1〜500 の整数です（プロバイダーの規則。省略時は 20 件）。「さらに古いログ」ボタンで同じ条件のまま次のページを表示します。',
  'help.cmd.list':
    '`/vps list [絞り込み]` — サーバー一覧。例: `/vps list web`、`/vps list type=windows status=suspended`',
  'help.cmd.show': '`/vps show <サーバー>` — 詳細カード。例: `/vps show db-1`',
  'help.cmd.power': '`/vps power <サーバー>` — 現在の電源状態。例: `/vps power web-1`',
  'help.cmd.logs':
    '`/vps logs [from= to= status= method= code= limit=]` — APIキーの実行ログ。例: `/vps logs status=error from=2026-01-01 limit=100`',
  'help.cmd.me': '`/vps me` — キーの有効期限、権限、あなたのロール',
  'help.cmd.audit': '`/vps audit [サーバー]` — このボットで行った最近の変更',
  'help.cmd.rename': '`/vps rename <サーバー> <新しい名前>` — 例: `/vps rename web-1 web-01`',
  'help.cmd.memo': '`/vps memo <サーバー> <テキスト>` — 例: `/vps memo db-1 本番DB`（`""` で削除）',
  'help.cmd.rdns': '`/vps rdns <サーバー> <ホスト名>` — 例: `/vps rdns web-1 www.example.com`',
  'help.cmd.signup':
    '`/vps signup` — VPSを申し込む: フォームがプロバイダーに料金を問い合わせ、承認者が確認します',
  'help.cmd.signups': '`/vps signups` — このチャンネルの最近の見積もりと注文、その状態',
  'help.cmd.plans':
    '`/vps plans` — 全プラン・全契約期間の本日の料金（キャンペーン価格も）と、各プランで選べるOSイメージ。ボタンでそのプランを選んだ申し込みフォームが開きます',
  'help.cmd.signup_status':
    '`/vps signup status <サービスコード>` — 申し込みの状態・UUID・契約期限（ここで申し込んだものも、プロバイダーのパネルで申し込んだものも）',
  'help.cmd.approve': '承認メッセージのボタンで注文を承認・却下できます',
  'help.cmd.watch':
    '`/vps watch <サーバー|all> [#チャンネル]` — 電源状態の変化をここ（または指定先）に投稿。`/vps unwatch …` で停止。`/vps watch key` は他のクライアントによるプロバイダーAPIキーの使用を通知',
  'help.cmd.watches': '`/vps watches [#チャンネル]` — このチャンネル（または指定先）の監視対象とミュート',
  'help.cmd.mute':
    '`/vps mute <サーバー|all> <期間>` — メンテナンス時間: 変化は記録だけして投稿せず、終了時にまとめて知らせます（例: `/vps mute db-1 2h`）。`/vps unmute [サーバー|all]` で早めに解除',
  'help.modal_hint': '新しい値を省略するとフォームで編集できます。',

  'list.header': 'サーバー {count, number} 台',
  'list.header_filtered': '「{filter}」に一致するサーバー {count, number} 台',
  'list.empty': '一致するサーバーはありません。絞り込みなしの `/vps list` を試してください。',
  'list.page': '{page} / {pages} ページ',
  'list.prev': '前へ',
  'list.next': '次へ',
  'list.power_unknown': '電源状態は未取得',
  'list.power_seen': '{power}（{age}前に確認）',
  'list.power_stale':
    '{age}前の確認では {power}: その後しばらく読み直せておらず、変わっているかもしれません（`/vps power <サーバー>` で今の状態を確認できます）',
  'list.no_ip': 'IPなし',
  'list.text': '{header}: {list}',
  'list.text_more': '{header}: {list} ほか {count, number} 台',
  'list.text_item': '{name}（{power}）',
  'list.malformed':
    'このサーバーについてのプロバイダーの応答が仕様に合っていません（{fields}）。読み取れた部分だけを表示しています。詳細は `/vps show {uuid}` で確認できます。',
  'list.unaddressable':
    'プロバイダーの一覧の {position} 件目は仕様に合っておらず（{fields}）、UUIDも読み取れないため、ここから表示も変更もできません。プロバイダーのパネルで確認してください。',
  'malformed.whole_entry': '項目全体',
  'malformed.fields_more': '{fields} ほか {count, number} 項目',
  'list.read_ago': '{age}前にプロバイダーから取得した一覧です。',

  'card.title': '{name}',
  'card.type': '種別',
  'card.status': '契約状態',
  'card.plan': 'プラン',
  'card.plan_value': '{name} · vCPU {vcpu} · メモリ {memory} GB · ディスク {disk} GB',
  'card.ip': 'IPアドレス',
  'card.hostname': 'ホスト名',
  'card.rdns': '逆引きDNS',
  'card.os': 'OS',
  'card.application': 'アプリケーション',
  'card.memo': 'メモ',
  'card.power': '電源',
  'card.power_at': '電源状態の取得時刻: {at}',
  'card.none': '—',
  'card.unreadable': '読み取れません',
  'card.malformed':
    'このサーバーについてのプロバイダーの応答が仕様に合っていません（{fields}）。該当する項目は「読み取れません」と表示し、推測で補ってはいません。',
  'card.refresh': '更新',
  'card.rename': '名前を変更',
  'card.edit_memo': 'メモを編集',
  'card.set_rdns': '逆引きDNSを設定',
  'card.memo_long': 'メモは {length, number} 文字あります。先頭部分のみ表示しています。',

  'power.line': '*{name}* は *{power}* です（{at} 取得）。',

  'modal.name.title': 'サーバー名の変更',
  'modal.memo.title': 'メモの編集',
  'modal.rdns.title': '逆引きDNSの設定',
  'modal.submit': '保存',
  'modal.cancel': 'キャンセル',
  'modal.server': 'サーバー: *{name}*（{ip}）',
  'modal.name.label': '新しい名前',
  'modal.name.hint': '{limit, number}文字以内。半角英小文字・数字・- と _ が使えます。',
  'modal.memo.label': 'メモ',
  'modal.memo.hint': '{limit, number}文字以内。空にするとメモを削除します。',
  'modal.rdns.label': '逆引きホスト名',
  'modal.rdns.hint':
    '{limit, number}文字以内。半角英数字・- と . が使えます。標準ホスト名を指定すると初期値に戻ります。',

  'announce.name': '<@{user}> がサーバー *{before}* の名前を *{after}* に変更しました。',
  'announce.memo': '<@{user}> が *{name}* のメモを変更しました: {after}',
  'announce.memo_cleared': '<@{user}> が *{name}* のメモを削除しました。',
  'announce.rdns':
    '<@{user}> が *{name}*（{ip}）の逆引きDNSを `{after}` に設定しました（変更前: `{before}`）。',
  'announce.unchanged': '*{name}* はすでにその値です。変更はありません。',

  'logs.header': 'プロバイダーAPIキーの実行ログ',
  'logs.filters': '絞り込み: {filters}',
  'logs.empty': '条件に一致するログはありません。期間を広げるか条件を減らしてください。',
  'logs.count': 'このページに {count, number} 件',
  'logs.not_shown':
    'うち {count, number} 件は1つのメッセージに収まらないため表示していません。`limit=` を小さくして再度実行してください。',
  'field.limit.range': '`limit=` は 1〜{limit} の整数で指定してください（プロバイダーの規則）。',
  'logs.more': 'さらに古いログ',
  'logs.cursor_too_long':
    'さらにログがありますが、ページ位置がボタンに収まりません。from= と to= で期間を絞ってください。',
  'logs.time_note': '時刻は {tz} で表示しています。',

  'me.title': 'プロバイダーAPIキーとあなたの権限',
  'me.expires': 'キーの有効期限: {at}（あと{left}）',
  'me.expires_soon':
    ':warning: キーの有効期限: {at}（あと{left}）。期限までにアカウント所有者に新しいキーの発行を依頼し、PROVIDER_API_KEY に設定してください。',
  'me.expires_at': 'キーの有効期限: {at}',
  'me.never': 'キーに有効期限はありません。',
  'me.read_ago': '_{ago}前のプロバイダーの情報です（確認は1分に1回までです）。_',
  'me.expired': 'キーは {at} に期限切れになりました。アカウント所有者に新しいキーの発行を依頼してください。',
  'me.services': 'キーの対象（プロバイダーの回答のまま）:',
  'me.service.server': 'レンタルサーバー',
  'me.service.domain': 'ドメイン',
  'me.service.wphosting': 'WordPressホスティング',
  'me.service.vps': 'VPS',
  'me.service_title': '*{name}* `{service}`',
  'me.service_title_other': '`{service}`',
  'me.permission': '権限: *{permission}*',
  'me.targets_all': '対象: アカウントのすべて',
  'me.targets_selected': '対象: 選択された {count, number} 件',
  'me.targets_unknown': '対象: `{mode}`',
  'me.vps_unnamed': '{uuid}（サーバー一覧にありません）',
  'me.list_separator': '、',
  'me.categories': 'カスタム権限のカテゴリ（プロバイダーの名前のまま）:',
  'me.categories_none': 'カスタム権限のカテゴリ: 設定なし',
  'me.allow_signup_yes': '新規申し込み: 可',
  'me.allow_signup_no': '新規申し込み: 不可',
  'me.allow_acquisition_yes': 'ドメインの取得・移管・更新: 可',
  'me.allow_acquisition_no': 'ドメインの取得・移管・更新: 不可',
  'me.sites_all': 'WordPressサイト: すべて',
  'me.sites_selected': 'WordPressサイト: 選択された {count, number} 件',
  'me.more': '…ほか {count, number} 件（全 {total, number} 件）',
  'me.legacy': '旧形式の単一サーバー用キー（非推奨の項目）:',
  'me.signup_yes': 'このキーでVPSの新規申し込みができます。',
  'me.signup_no': 'このキーではVPSの新規申し込みはできません。',
  'me.role': 'このワークスペースでのあなたのロール: *{role}*',
  'me.expected_title': '既知の他のクライアント（KEY_EXPECTED_IPS）によるキーの使用件数:',
  'me.expected_line': '• {range}: {count, number} 件（最終 {at}）',
  'me.read_only': 'キーが読み取り専用のため、名前・メモ・逆引きDNSの変更は無効です。',
  'me.daily_ok': '本日のプロバイダーへのリクエスト: {used, number} / {limit, number} 件（{at} にリセット）',
  'me.daily_low':
    ':warning: プロバイダーの1日あたりのリクエスト数が残りわずかです（{at} までに残り {remaining, number} / {limit, number} 件）。それまで監視の確認間隔を広げています。コマンドは引き続き使えます。',
  'me.daily_held':
    ':warning: プロバイダーの1日あたりのリクエスト数が残り {remaining, number} / {limit, number} 件となりました。残りはコマンドのために確保し、{at} まで監視を止めています。',
  'me.daily_exhausted':
    ':no_entry: プロバイダーの1日あたりのリクエスト上限に達しました。{at} までは、プロバイダーへの問い合わせが必要なコマンドには応答できず、監視も止まります。',

  'audit.title': '最近の変更と拒否された操作',
  'audit.title_server': '*{name}* の最近の変更と拒否された操作',
  'audit.empty': 'まだ記録はありません。',
  'audit.entry': '{at} · <@{actor}> · {action} · {target} · {outcome}',
  'audit.outcome.ok': '完了',
  'audit.outcome.refused': '拒否',
  'audit.outcome.failed': '失敗',
  'audit.outcome_because': '{outcome}（{reason}）',
  'audit.action.rename_to': '名前 → `{value}`',
  'audit.action.memo_to': 'メモ → 「{value}」',
  'audit.action.rdns_to': '逆引き → `{value}`',
  'audit.action.rename': '名前の変更',
  'audit.action.memo': 'メモの変更',
  'audit.action.rdns': '逆引きの変更',
  'audit.action.outside_change': 'Slack 以外での変更',
  'audit.action.signup.quote': '見積もり',
  'audit.action.signup.approve': '申し込みの承認',
  'audit.action.signup.reject': '申し込みの却下',
  'audit.action.signup.execute': '申し込みの実行',
  'audit.action.signup.expire': '見積もりの期限切れ',
  'audit.action.watch': '監視の追加',
  'audit.action.unwatch': '監視の解除',
  'audit.action.mute': 'ミュート',
  'audit.action.unmute': 'ミュート解除',

  'modal.loading': '読み込み中…',
  'modal.saving': '保存中… プロバイダーの応答後にこの画面が更新されます。',
  'modal.done': '完了しました。',
  'modal.close': '閉じる',
} as const;

export const serversCatalog = catalog(en, ja);
