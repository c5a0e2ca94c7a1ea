/**
 * Sentences every feature shares: role names, the provider's power, contract
 * status and permission words, how long is left until a moment, failures (service errors, field rules, the
 * provider's error codes) and what the /vps grammar says about a line it
 * cannot read. `{name}` placeholders are filled by the translator.
 */
import { catalog } from './catalog.ts';

const en = {
  'role.none': 'no access',
  'role.viewer': 'viewer',
  'role.operator': 'operator',
  'role.approver': 'approver',
  'role.admin': 'admin',

  'power.running': 'running',
  'power.stopped': 'stopped',
  'power.processing': 'processing',
  'power.error': 'error',
  'power_state.unlisted': '“{state}” (a state the provider’s spec does not list)',
  'status.active': 'active',
  'status.suspended': 'suspended',

  'duration.s': '{n, number} s',
  'duration.min': '{n, number} min',
  'duration.h': '{n, number} h',
  'duration.d': '{n, number} d',

  'permission.full': 'full',
  'permission.read': 'read only',
  'permission.custom': 'custom',
  'permission.none': 'none',

  'summary.more': '…and {count, number} more not shown. Narrow it down with a filter.',

  'time.left.days': '{days, plural, one {# day} other {# days}}',
  'time.left.hours': '{hours, plural, one {# hour} other {# hours}}',
  'time.left.soon': 'less than an hour',
  'time.japan_midnight': '{at} (00:00 Japan time, when the day’s pro-rata price changes)',

  'parse.unknown_command': 'I don’t know `{word}`. Run `{command} help` to see the commands.',
  'parse.unknown_command_suggest':
    'I don’t know `{word}`: did you mean `{command} {suggestion}`? `{command} help` lists every command.',
  'parse.bad_filter_list':
    'The filter `{filter}` takes {expected}. Example: `/vps list status=active type=vps`.',
  'parse.bad_filter':
    'The filter `{filter}` expects {expected}. Example: `/vps logs status=error from=2026-01-01`.',
  'parse.bad_filter_limit':
    '`limit=` takes a whole number of entries per page, {expected} (the provider’s rule). Nothing was sent. Example: `/vps logs status=error limit=100`.',
  'parse.bad_date':
    '`{filter}={value}` is not a date and time that exists. Give a real day and time, e.g. `from=2026-02-28` or `to=2026-03-01T18:30`.',
  'provider.reason': 'The provider said',
  'usage.help':
    'Usage: `/vps help`, or `/vps help rename`, `memo`, `rdns` or `logs` for the rules a value must follow.',
  'usage.show': 'Usage: `/vps show <server>`, e.g. `/vps show web-1`.',
  'usage.power': 'Usage: `/vps power <server>`, e.g. `/vps power web-1`.',
  'usage.rename': 'Usage: `/vps rename <server> <new-name>`, e.g. `/vps rename web-1 web-01`.',
  'usage.memo': 'Usage: `/vps memo <server> <text>`, e.g. `/vps memo db-1 primary database`.',
  'usage.rdns': 'Usage: `/vps rdns <server> <hostname>`, e.g. `/vps rdns web-1 www.example.com`.',
  'usage.logs':
    'Usage: `/vps logs [from=YYYY-MM-DD] [to=YYYY-MM-DD] [status=success|error] [method=GET] [code=404] [limit=100]`.',
  'usage.me': 'Usage: `/vps me` (no arguments).',
  'usage.audit': 'Usage: `/vps audit [server]`.',
  'usage.signup':
    'Usage: `/vps signup` (no arguments) opens the order form, which asks for the plan, period and OS; `/vps signup status <service code>` reads a signup’s state.',
  'usage.signup_status':
    'Usage: `/vps signup status <service code>`: the state of a signup, ordered here or in the provider’s panel.',
  'usage.plans': 'Usage: `/vps plans` (no arguments): today’s prices, with a button to order each plan.',
  'usage.signups': 'Usage: `/vps signups` (no arguments).',
  'usage.watch':
    'Usage: `/vps watch <server|all|key> [#channel]`, `/vps unwatch <server|all|key> [#channel]`, `/vps watches`',
  'usage.unwatch':
    'Usage: `/vps watch <server|all|key> [#channel]`, `/vps unwatch <server|all|key> [#channel]`, `/vps watches`',
  'usage.watches':
    'Usage: `/vps watch <server|all|key> [#channel]`, `/vps unwatch <server|all|key> [#channel]`, `/vps watches`',
  'usage.mute':
    'Usage: `/vps mute <server|all> <duration> [#channel]`, the duration from 1m to 7d such as `30m`, `2h`, `1h30m`, `1d`; `/vps unmute [server|all] [#channel]` ends it early.',
  'usage.unmute':
    'Usage: `/vps unmute [server|all] [#channel]` (no server: every mute of the channel); `/vps mute <server|all> <duration>` starts one.',

  'error.server_not_found': 'No server called `{ref}`. Check `/vps list` for names, uuids and IP addresses.',
  'error.server_not_found_similar': 'No server called `{ref}`. Did you mean one of these?',
  'error.server_ambiguous':
    '`{ref}` matches {count, plural, one {# server} other {# servers}}. Name one by its exact name, uuid or IP:',
  'error.plans_forbidden':
    'The provider refused to show its price list to this API key (403 FORBIDDEN). It shows plans only to keys that may sign up VPSs: the account owner can allow signup on the key’s VPS service (possible while the prepaid balance is at least 20,000 yen; a key limited to selected VPSs cannot sign up). A 403 can also mean the key does not allow the bot’s IP address. `/vps me` shows the key’s scope.',
  'error.signup_status_forbidden':
    'The provider refused to show signup status to this API key (403 FORBIDDEN). It shows it only to keys that may sign up VPSs: the account owner can allow signup on the key’s VPS service (possible while the prepaid balance is at least 20,000 yen; a key limited to selected VPSs cannot sign up). A 403 can also mean the key does not allow the bot’s IP address. `/vps me` shows the key’s scope.',
  'error.signup_status_not_found':
    'The provider knows no signup with the service code `{id}`. Check the number: an order placed here has it in its approval message’s thread, one placed in the provider’s control panel has it there.',
  'field.signup_id.required': 'Give the signup’s service code: `/vps signup status <service code>`.',
  'field.signup_id.charset':
    'That cannot be a service code: it has no spaces, slashes, `?`, `#`, `%` or `\\` and is at most 200 characters.',
  'error.server_malformed':
    'The provider’s answer for `{ref}` breaks its spec ({fields}), so I won’t act on it: nothing was changed. `/vps show {uuid}` shows what can be read; once the provider answers it correctly, try again.',
  'error.server_unaddressable':
    '`{ref}` names an entry of the provider’s list that breaks its spec and has no readable uuid, so it cannot be shown or changed from here. Check it in the provider’s panel.',
  'error.role_required': 'This needs the *{role}* role; yours is *{yours}*. {how}',
  'error.role_required_none': 'This needs the *{role}* role, and you have no role here. {how}',
  'error.role_required.how.viewer': 'Ask an admin to give you access to the bot.',
  'error.role_required.how.operator': 'Ask an admin to add you to the operators.',
  'error.role_required.how.approver': 'Ask an admin to add you to the approvers.',
  'error.role_required.how.admin': 'Ask an admin to make you an admin, or to do it for you.',
  'error.channel_not_allowed': 'The bot’s commands cannot be used in this channel. Use them in {channels}.',
  'error.channel_not_allowed.none':
    'The bot’s commands cannot be used in this channel. Ask an admin which channels are allowed.',
  'error.target_channel_not_allowed':
    '<#{channel}> is not among the channels the bot may be used in, so nothing can be set up there. Ask an admin which channels are allowed.',
  'error.channel_not_visible':
    'You can list the watches of this channel, and of other channels you can read in Slack. Run `/vps watches` in that channel, or ask one of its members.',
  'error.approval_wrong_channel':
    'This button counts only in the channel where the request was posted. Use the request there.',
  'error.requester_role':
    '<@{user}>, who asked for this, no longer has the role it needs here, so it cannot be approved. Nothing was sent; reject it, or let someone who may ask again.',
  'refused.other_workspace':
    'This bot serves only the workspace it is installed in, so requests from other workspaces are not accepted.',
  'refused.title': 'Not available',
  'error.key_read_only':
    'The provider key is read-only, so changes are turned off. Ask the account owner for a key with write permission.',
  'error.key_no_vps':
    'The provider key has no VPS permission. Ask the account owner to grant VPS access to the key.',
  'error.key_custom_forbidden':
    'The provider refused this (403 FORBIDDEN): the key’s custom permissions do not allow it. The provider does not publish which category covers which action, so the bot could not tell before asking. The key’s categories for `{service}`, as the provider names them, are below: ask the account owner to allow the one this needs.',
  'error.key_custom_forbidden_empty':
    'The provider refused this (403 FORBIDDEN): the key’s custom permissions do not allow it, and the key names no category for `{service}`. Ask the account owner to allow what this needs.',
  'error.target_not_in_scope': 'The provider key does not cover this server.',
  'error.invalid_field': 'That value is not accepted: {reason}',
  'error.already_handled': 'This request was already handled; nothing was repeated.',
  'error.queue_full':
    '{why} {limit} So this one was not queued, and nothing was sent for it: try again in {seconds, number} s.',
  'error.queue_full.count':
    'You already have {waiting, plural, one {# command} other {# commands}} waiting their turn at the provider, as many as one person may have waiting.',
  'error.queue_full.wait':
    'You already have {waiting, plural, one {# command} other {# commands}} waiting their turn at the provider, and this one would wait about {wait, number} s for its own, longer than the {bound, number} s a command may wait.',
  'error.queue_full.limit':
    'The provider allows {limit, plural, one {# request} other {# requests}} every {window, number} s right now (its rate-limit headers).',
  'error.queue_full.limit_per_window':
    'The provider allows {limit, plural, one {# request} other {# requests}} per window right now (its rate-limit headers).',
  'error.queue_full.limit_unknown': 'The provider has not told its rate limit yet.',
  'command.progress': ':hourglass_flowing_sand: Reading from the provider… the answer appears here.',
  'error.name_taken':
    'Another server is already called `{name}` ({ip}): two servers of one name could no longer be told apart by name. Pick another name.',
  'audit.reason.role_required': 'lacked the role it needs',
  'audit.reason.channel_not_allowed': 'not allowed in that channel',
  'audit.reason.target_channel_not_allowed': 'that channel is not allowed',
  'audit.reason.invalid_field': 'a value broke the provider’s rules',
  'audit.reason.name_taken': 'another server has that name',
  'audit.reason.slow_down': 'too many commands at once',
  'audit.reason.queue_full': 'too many of their commands already waiting',
  'audit.reason.key_read_only': 'the provider key is read-only',
  'audit.reason.key_custom_forbidden': 'the key’s custom permissions do not allow it (the provider said 403)',
  'audit.reason.approval_wrong_channel': 'clicked outside the request’s channel',
  'audit.reason.not_in_channel': 'the bot is not in that channel',
  'audit.reason.channel_not_found': 'the bot cannot see that channel',
  'audit.reason.is_archived': 'that channel is archived',
  'audit.reason.server_not_found': 'no such server',
  'audit.reason.server_malformed': 'the provider’s answer for the server broke its spec',
  'audit.reason.provider': 'the provider refused it ({code})',
  'audit.reason.other': 'stopped by the bot ({code})',
  'error.internal':
    'Something went wrong on our side and nothing was changed. Try again; if it keeps failing, tell the bot’s admins.',

  'field.name.required': 'Enter a name.',
  'field.name.too_long': 'The name can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.name.charset': 'Use only lower-case letters, digits, - and _ in the name.',
  'field.memo.too_long': 'The memo can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.memo.required': 'Enter a memo.',
  'field.memo.charset': 'The memo contains characters that are not allowed.',
  'field.rdns.required': 'Enter a hostname.',
  'field.rdns.too_long':
    'The hostname can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.rdns.charset': 'Use only letters, digits, - and . in the hostname.',
  'field.server_ref.too_long':
    'The server name is too long. Name a server by its name, uuid or IP address, at most {limit, plural, one {# character} other {# characters}}.',
  'field.filter.too_long':
    'The list filter is too long. Use at most {limit, plural, one {# character} other {# characters}}.',
  'field.value.required': 'Enter a value: this field is required.',
  'field.value.too_long': 'The value can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.value.range': 'Give a whole number from 1 to {limit, number}.',
  'field.value.invalid': 'The value is not in a form the provider accepts.',
  'field.control_character':
    'It contains a control character (such as NUL, BEL or ESC; in a one-line field also a tab or line break) or a broken character, which cannot be sent. Type it again without it.',

  'provider.BAD_REQUEST':
    'The provider could not read the request. Try again; if it repeats, tell the bot’s admins.',
  'provider.UNAUTHORIZED':
    'The provider refused the API key (expired or invalid). Ask the account owner to issue a new key and update PROVIDER_API_KEY.',
  'provider.PAYMENT_REQUIRED':
    'The prepaid balance is too low. Top up the balance in the control panel, then try again.',
  'provider.FORBIDDEN':
    'The provider key may not do this (permission, selected servers only, or an IP restriction). Ask the account owner to widen the key.',
  'provider.NOT_FOUND':
    'The provider does not know this server (any more). Run `/vps list` to see current servers.',
  'provider.CAPACITY_UNAVAILABLE': 'The provider has no capacity or is under maintenance. Try again later.',
  'provider.DUPLICATE_REQUEST':
    'The same request is still being processed by the provider. Wait a minute, then check.',
  'provider.OPERATION_ERROR':
    'The provider could not do this now because of the server’s power state or a running operation. Wait until it is idle (see `/vps power`), then try again.',
  'provider.VALIDATION_ERROR':
    'The provider refused a value (its reasons are below). The rules of each value are in `/vps help rename`, `/vps help memo`, `/vps help rdns` and `/vps help logs`.',
  'provider.PRICE_MISMATCH': 'The price changed since it was shown. Ask for a new quote.',
  'provider.PLAN_NOT_AVAILABLE': 'That plan or period is not open for signup now. Choose another.',
  'provider.RATE_LIMIT_EXCEEDED':
    'The provider’s rate limit is reached. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  'provider.RATE_LIMIT_EXCEEDED_soon': 'The provider’s rate limit is reached. Try again in a minute.',
  'provider.INTERNAL_ERROR':
    'The provider had an internal error. If this was a change, it may or may not have been made: check before you try again in a few minutes.',
  'provider.BACKEND_ERROR':
    'The provider could not reach its backend. If this was a change, it may or may not have been made: check before you try again in a few minutes.',
  'provider.unknown':
    'The provider answered with an error ({code}). Try again; if it repeats, tell the bot’s admins.',
  'provider.network':
    'The provider could not be reached (timeout or network). If this was a change, check with `/vps show` before trying again.',
  'error.target_channel_not_visible':
    'You can change the watches and mutes of this channel, and of other channels you can read in Slack, but not of that one. Do it in that channel, or ask one of its members.',
} as const;

const ja = {
  'role.none': '権限なし',
  'role.viewer': '閲覧者',
  'role.operator': 'オペレーター',
  'role.approver': '承認者',
  'role.admin': '管理者',

  'power.running': '稼働中',
  'power.stopped': '停止中',
  'power.processing': '処理中',
  'power.error': 'エラー',
  'power_state.unlisted': '「{state}」（プロバイダーの仕様にない状態）',
  'status.active': '利用中',
  'status.suspended': '凍結中',

  'duration.s': '{n, number}秒',
  'duration.min': '{n, number}分',
  'duration.h': '{n, number}時間',
  'duration.d': '{n, number}日',

  'permission.full': 'フル',
  'permission.read': '読み取りのみ',
  'permission.custom': 'カスタム',
  'permission.none': 'なし',

  'summary.more': '…ほか {count, number} 件は表示していません。絞り込んでください。',

  'time.left.days': '{days, number}日',
  'time.left.hours': '{hours, number}時間',
  'time.left.soon': '1時間未満',
  'time.japan_midnight': '{at}（日割り料金が切り替わる日本時間の0:00）',

  'parse.unknown_command':
    '`{word}` というコマンドはありません。`{command} help` でコマンド一覧を確認してください。',
  'parse.unknown_command_suggest':
    '`{word}` というコマンドはありません。`{command} {suggestion}` のことですか？コマンド一覧は `{command} help` で確認できます。',
  'parse.bad_filter_list':
    '`{filter}` には {expected} のいずれかを指定します。例: `/vps list status=active type=vps`',
  'parse.bad_filter': '`{filter}` には {expected} を指定します。例: `/vps logs status=error from=2026-01-01`',
  'parse.bad_filter_limit':
    '`limit=` には1ページの件数を {expected} の整数で指定します（プロバイダーの規則）。何も送信していません。例: `/vps logs status=error limit=100`',
  'parse.bad_date':
    '`{filter}={value}` は存在しない日付または時刻です。実在する日時を指定してください（例: `from=2026-02-28`、`to=2026-03-01T18:30`）。',
  'provider.reason': 'プロバイダーの理由',
  'usage.help': '使い方: `/vps help`。値の規則は `/vps help rename`、`memo`、`rdns`、`logs` で確認できます。',
  'usage.show': '使い方: `/vps show <サーバー>`（例: `/vps show web-1`）',
  'usage.power': '使い方: `/vps power <サーバー>`（例: `/vps power web-1`）',
  'usage.rename': '使い方: `/vps rename <サーバー> <新しい名前>`（例: `/vps rename web-1 web-01`）',
  'usage.memo': '使い方: `/vps memo <サーバー> <テキスト>`（例: `/vps memo db-1 本番DB`）',
  'usage.rdns': '使い方: `/vps rdns <サーバー> <ホスト名>`（例: `/vps rdns web-1 www.example.com`）',
  'usage.logs':
    '使い方: `/vps logs [from=YYYY-MM-DD] [to=YYYY-MM-DD] [status=success|error] [method=GET] [code=404] [limit=100]`',
  'usage.me': '使い方: `/vps me`（引数なし）',
  'usage.audit': '使い方: `/vps audit [サーバー]`',
  'usage.signup':
    '使い方: `/vps signup`（引数なし）で申し込みフォームが開き、プラン・期間・OSを選びます。申し込みの状態は `/vps signup status <サービスコード>` で確認できます。',
  'usage.signup_status':
    '使い方: `/vps signup status <サービスコード>`（ここで申し込んだものも、プロバイダーのパネルで申し込んだものも確認できます）',
  'usage.plans': '使い方: `/vps plans`（引数なし）。本日の料金を表示し、各プランのボタンから申し込めます。',
  'usage.signups': '使い方: `/vps signups`（引数なし）',
  'usage.watch':
    '使い方: `/vps watch <サーバー|all|key> [#チャンネル]`、`/vps unwatch <サーバー|all|key> [#チャンネル]`、`/vps watches`',
  'usage.unwatch':
    '使い方: `/vps watch <サーバー|all|key> [#チャンネル]`、`/vps unwatch <サーバー|all|key> [#チャンネル]`、`/vps watches`',
  'usage.watches':
    '使い方: `/vps watch <サーバー|all|key> [#チャンネル]`、`/vps unwatch <サーバー|all|key> [#チャンネル]`、`/vps watches`',
  'usage.mute':
    '使い方: `/vps mute <サーバー|all> <期間> [#チャンネル]`。期間は 1m〜7d で、`30m`、`2h`、`1h30m`、`1d` のように書きます。早めに解除するには `/vps unmute [サーバー|all] [#チャンネル]`。',
  'usage.unmute':
    '使い方: `/vps unmute [サーバー|all] [#チャンネル]`（サーバーを省くとこのチャンネルのミュートをすべて解除）。ミュートするには `/vps mute <サーバー|all> <期間>`。',

  'error.server_not_found':
    '`{ref}` というサーバーはありません。`/vps list` で名前・UUID・IPを確認してください。',
  'error.server_not_found_similar': '`{ref}` というサーバーはありません。次のいずれかですか？',
  'error.server_ambiguous':
    '`{ref}` に一致するサーバーが {count, number} 台あります。正確な名前・UUID・IPで指定してください:',
  'error.plans_forbidden':
    'プロバイダーがこのAPIキーへの料金表の表示を拒否しました（403 FORBIDDEN）。料金表はVPSの新規申し込みが許可されたキーにだけ表示されます。アカウント所有者がキーのVPSサービスで申し込みを許可できます（前払い残高が2万円以上のときに設定可能。対象VPSを限定したキーでは申し込めません）。403 はキーがボットのIPアドレスを許可していない場合にも返ります。キーの範囲は `/vps me` で確認できます。',
  'error.signup_status_forbidden':
    'プロバイダーがこのAPIキーへの申し込み状況の表示を拒否しました（403 FORBIDDEN）。申し込み状況はVPSの新規申し込みが許可されたキーにだけ表示されます。アカウント所有者がキーのVPSサービスで申し込みを許可できます（前払い残高が2万円以上のときに設定可能。対象VPSを限定したキーでは申し込めません）。403 はキーがボットのIPアドレスを許可していない場合にも返ります。キーの範囲は `/vps me` で確認できます。',
  'error.signup_status_not_found':
    'サービスコード `{id}` の申し込みはプロバイダーに見つかりません。番号を確認してください。ここで申し込んだものは承認メッセージのスレッドに、プロバイダーのコントロールパネルで申し込んだものはパネルに記載されています。',
  'field.signup_id.required':
    '申し込みのサービスコードを指定してください: `/vps signup status <サービスコード>`',
  'field.signup_id.charset':
    'サービスコードとして使えない値です。空白・スラッシュ・`?`・`#`・`%`・`\\` を含まず、200文字以内で指定してください。',
  'error.server_malformed':
    '`{ref}` についてのプロバイダーの応答が仕様に合っていないため（{fields}）、操作は行いませんでした。何も変更していません。`/vps show {uuid}` で読み取れる内容を確認でき、プロバイダーの応答が正しくなれば再度お試しいただけます。',
  'error.server_unaddressable':
    '`{ref}` はプロバイダーの一覧のうち仕様に合っておらずUUIDも読み取れない項目のため、ここから表示も変更もできません。プロバイダーのパネルで確認してください。',
  'error.role_required': 'この操作には *{role}* ロールが必要です（あなたは *{yours}*）。{how}',
  'error.role_required_none': 'この操作には *{role}* ロールが必要ですが、あなたにはロールがありません。{how}',
  'error.role_required.how.viewer': 'ボットを使えるよう管理者に依頼してください。',
  'error.role_required.how.operator': '管理者にオペレーターへの追加を依頼してください。',
  'error.role_required.how.approver': '管理者に承認者への追加を依頼してください。',
  'error.role_required.how.admin': '管理者に権限の付与か、代わりの操作を依頼してください。',
  'error.channel_not_allowed':
    'このチャンネルではボットのコマンドを使えません。{channels} で実行してください。',
  'error.channel_not_allowed.none':
    'このチャンネルではボットのコマンドを使えません。使えるチャンネルを管理者に確認してください。',
  'error.target_channel_not_allowed':
    '<#{channel}> はボットを使えるチャンネルに含まれていないため、そこには何も設定できません。使えるチャンネルを管理者に確認してください。',
  'error.channel_not_visible':
    '一覧にできるのは、このチャンネルと、Slackであなたが閲覧できるチャンネルの監視だけです。そのチャンネルで `/vps watches` を実行するか、メンバーに確認を依頼してください。',
  'error.approval_wrong_channel':
    'このボタンは依頼が投稿されたチャンネルでのみ有効です。そちらの依頼から操作してください。',
  'error.requester_role':
    '依頼した <@{user}> さんが、ここでこの操作に必要なロールを持たなくなったため、承認できません。何も送信していません。却下するか、権限のある人が改めて依頼してください。',
  'refused.other_workspace':
    'このボットはインストールされたワークスペース専用のため、他のワークスペースからのリクエストは受け付けていません。',
  'refused.title': 'ご利用いただけません',
  'error.key_read_only':
    'プロバイダーのAPIキーが読み取り専用のため、変更はできません。書き込み権限のあるキーをアカウント所有者に依頼してください。',
  'error.key_no_vps':
    'プロバイダーのAPIキーにVPSの権限がありません。アカウント所有者にVPSへのアクセス許可を依頼してください。',
  'error.key_custom_forbidden':
    'プロバイダーに拒否されました（403 FORBIDDEN）。APIキーのカスタム権限でこの操作が許可されていません。どのカテゴリがどの操作に当たるかはプロバイダーが公開していないため、ボットは実行前に判断できません。このキーの `{service}` のカテゴリ（プロバイダーの名前のまま）を下に示します。必要なカテゴリの許可をアカウント所有者に依頼してください。',
  'error.key_custom_forbidden_empty':
    'プロバイダーに拒否されました（403 FORBIDDEN）。APIキーのカスタム権限でこの操作が許可されておらず、このキーには `{service}` のカテゴリが一つも設定されていません。必要な許可をアカウント所有者に依頼してください。',
  'error.target_not_in_scope': 'プロバイダーのAPIキーはこのサーバーを対象にしていません。',
  'error.invalid_field': 'その値は受け付けられません: {reason}',
  'error.already_handled': 'このリクエストは処理済みです。操作は繰り返していません。',
  'error.queue_full':
    '{why}{limit}そのため、このコマンドは順番待ちに入れず、何も送信していません。{seconds, number} 秒後にもう一度お試しください。',
  'error.queue_full.count':
    'プロバイダーへの順番を待っているあなたのコマンドがすでに {waiting, number} 件あり、1人が同時に待てる上限に達しています。',
  'error.queue_full.wait':
    'プロバイダーへの順番を待っているあなたのコマンドがすでに {waiting, number} 件あり、このコマンドは順番が来るまで約 {wait, number} 秒かかります（待てるのは {bound, number} 秒までです）。',
  'error.queue_full.limit':
    '現在、プロバイダーが受け付けるのは {window, number} 秒あたり {limit, number} 件までです（レート制限ヘッダーの値）。',
  'error.queue_full.limit_per_window':
    '現在、プロバイダーが受け付けるのは一定時間あたり {limit, number} 件までです（レート制限ヘッダーの値）。',
  'error.queue_full.limit_unknown': 'プロバイダーからはまだレート制限の値が届いていません。',
  'command.progress': ':hourglass_flowing_sand: プロバイダーに問い合わせています… 結果はここに表示されます。',
  'error.name_taken':
    '`{name}` という名前のサーバー（{ip}）がすでにあります。同じ名前が2台あると名前で区別できなくなるため、別の名前にしてください。',
  'audit.reason.role_required': '必要なロールがありません',
  'audit.reason.channel_not_allowed': 'このチャンネルでは使えません',
  'audit.reason.target_channel_not_allowed': '対象のチャンネルは許可されていません',
  'audit.reason.invalid_field': '値がプロバイダーの規則に合いません',
  'audit.reason.name_taken': '同じ名前のサーバーがあります',
  'audit.reason.slow_down': 'コマンドの送りすぎです',
  'audit.reason.queue_full': '順番待ちのコマンドが多すぎます',
  'audit.reason.key_read_only': 'APIキーが読み取り専用です',
  'audit.reason.key_custom_forbidden': 'APIキーのカスタム権限で許可されていません（プロバイダーの403）',
  'audit.reason.approval_wrong_channel': '依頼のチャンネル以外から押されました',
  'audit.reason.not_in_channel': 'ボットがチャンネルに参加していません',
  'audit.reason.channel_not_found': 'ボットからチャンネルが見えません',
  'audit.reason.is_archived': 'チャンネルがアーカイブされています',
  'audit.reason.server_not_found': '該当するサーバーがありません',
  'audit.reason.server_malformed': 'サーバーについてのプロバイダーの応答が仕様に合っていません',
  'audit.reason.provider': 'プロバイダーが受け付けませんでした（{code}）',
  'audit.reason.other': 'ボットが中止しました（{code}）',
  'error.internal':
    'ボット側で問題が発生し、何も変更されていません。もう一度お試しください。続く場合はボットの管理者に連絡してください。',

  'field.name.required': '名前を入力してください。',
  'field.name.too_long': '名前は {limit, number} 文字以内で入力してください。',
  'field.name.charset': '名前には半角英小文字・数字・- と _ のみ使えます。',
  'field.memo.too_long': 'メモは {limit, number} 文字以内で入力してください。',
  'field.memo.required': 'メモを入力してください。',
  'field.memo.charset': 'メモに使えない文字が含まれています。',
  'field.rdns.required': 'ホスト名を入力してください。',
  'field.rdns.too_long': 'ホスト名は {limit, number} 文字以内で入力してください。',
  'field.rdns.charset': 'ホスト名には半角英数字・- と . のみ使えます。',
  'field.server_ref.too_long':
    'サーバーの指定が長すぎます。名前・UUID・IPアドレスのいずれかを {limit, number} 文字以内で指定してください。',
  'field.filter.too_long': '一覧の絞り込み条件が長すぎます。{limit, number} 文字以内で指定してください。',
  'field.value.required': '値を入力してください。この項目は必須です。',
  'field.value.too_long': '{limit, number} 文字以内で入力してください。',
  'field.value.range': '1〜{limit, number} の整数で指定してください。',
  'field.value.invalid': 'プロバイダーが受け付ける形式の値ではありません。',
  'field.control_character':
    '制御文字（NUL・BEL・ESC など。1行の欄ではタブや改行も）か壊れた文字が含まれているため、送信できません。その文字を除いて入力し直してください。',

  'provider.BAD_REQUEST':
    'プロバイダーがリクエストを解釈できませんでした。もう一度お試しください。続く場合はボットの管理者に連絡してください。',
  'provider.UNAUTHORIZED':
    'プロバイダーがAPIキーを拒否しました（期限切れまたは無効）。アカウント所有者に新しいキーを発行してもらい、PROVIDER_API_KEY を更新してください。',
  'provider.PAYMENT_REQUIRED':
    'プリペイド残高が不足しています。コントロールパネルで残高を追加してから再度お試しください。',
  'provider.FORBIDDEN':
    'プロバイダーのAPIキーにこの操作の権限がありません（権限、対象サーバーの限定、またはIP制限）。アカウント所有者にキーの設定変更を依頼してください。',
  'provider.NOT_FOUND':
    'プロバイダーにこのサーバーが見つかりません。`/vps list` で現在のサーバーを確認してください。',
  'provider.CAPACITY_UNAVAILABLE':
    'プロバイダーの受け入れ余力がないか、メンテナンス中です。時間をおいて再度お試しください。',
  'provider.DUPLICATE_REQUEST': '同じリクエストをプロバイダーが処理中です。少し待ってから確認してください。',
  'provider.OPERATION_ERROR':
    'サーバーの電源状態または実行中の処理のため、プロバイダーが操作を完了できませんでした。処理が終わるのを待って（`/vps power` で確認）再度お試しください。',
  'provider.VALIDATION_ERROR':
    'プロバイダーが値を受け付けませんでした（理由は下記）。各値の規則は `/vps help rename`、`/vps help memo`、`/vps help rdns`、`/vps help logs` で確認できます。',
  'provider.PRICE_MISMATCH': '表示後に価格が変わりました。改めて見積もりを取ってください。',
  'provider.PLAN_NOT_AVAILABLE': 'そのプランまたは期間は現在申し込みできません。別のものを選んでください。',
  'provider.RATE_LIMIT_EXCEEDED':
    'プロバイダーのレート制限に達しました。{seconds, number} 秒後に再度お試しください。',
  'provider.RATE_LIMIT_EXCEEDED_soon':
    'プロバイダーのレート制限に達しました。1分ほどしてから再度お試しください。',
  'provider.INTERNAL_ERROR':
    'プロバイダーで内部エラーが発生しました。変更操作だった場合、反映されたかどうかは分かりません。状態を確認してから、数分後に再度お試しください。',
  'provider.BACKEND_ERROR':
    'プロバイダーがバックエンドと通信できませんでした。変更操作だった場合、反映されたかどうかは分かりません。状態を確認してから、数分後に再度お試しください。',
  'provider.unknown':
    'プロバイダーがエラー（{code}）を返しました。もう一度お試しください。続く場合はボットの管理者に連絡してください。',
  'provider.network':
    'プロバイダーに接続できませんでした（タイムアウトまたはネットワーク）。変更操作だった場合は、再実行の前に `/vps show` で状態を確認してください。',
  'error.target_channel_not_visible':
    'このチャンネルと、Slackであなたが閲覧できるチャンネルの監視とミュートは変更できますが、そのチャンネルのものは変更できません。そのチャンネルで実行するか、メンバーに依頼してください。',
} as const;

export const commonCatalog = catalog(en, ja);
