/**
 * The watcher's notifications (power incidents and their thread replies,
 * contract changes, servers coming and going, signup follow-ups, the
 * provider key's health, digests, the summary after a mute) and the answers to `/vps watch`, `/vps unwatch`,
 * `/vps watches`, `/vps mute` and `/vps unmute`.
 */
import { catalog } from './catalog.ts';

const en = {
  'watch.power.changed': '{emoji} *{name}* is now *{to}* (was {from}) {at}',
  'watch.power.sequence': '{emoji} *{name}* went {path} {at}',
  'watch.power.flap': ':repeat: *{name}* flapped {path} between {from_at} and {to_at}; now *{to}* again',
  'watch.power.alarm_error': '{oncall} *{name}* reports a power *error*.',
  'watch.power.alarm_stop': '{oncall} *{name}* stopped without a power operation being applied.',
  'watch.incident.alarm_error': ':rotating_light: {oncall} *{name}* reports a power *error*',
  'watch.incident.alarm_stop':
    ':rotating_light: {oncall} *{name}* stopped with no power operation to explain it',
  'watch.incident.changed': '{emoji} *{name}* is now *{to}*',
  'watch.incident.sequence': '{emoji} *{name}* went {path}',
  'watch.incident.flap': ':repeat: *{name}* flapped {path} between {from_at} and {to_at}; *{to}* again',
  'watch.incident.recovered': ':white_check_mark: *{name}* recovered after {duration}: *{to}* again',
  'watch.incident.running_again': ':large_green_circle: *{name}* is *{to}* again after {duration}',
  'watch.incident.still':
    '{emoji} *{name}* is now *{to}*: {count, plural, one {# change} other {# changes}} since {since}, each one in the thread',
  'watch.incident.line': '*{to}* since {at} (was *{from}* for {duration})',
  'watch.incident.line_at_least': '*{to}* since {at} (was *{from}* for at least {duration})',
  'watch.incident.started': 'It began {at}: *{from}* → *{to}*',
  'watch.incident.field.ip': '*IP address*\n{ip}',
  'watch.incident.field.plan': '*Plan*\n{plan}',
  'watch.incident.field.operation': '*Power operation*\n{value}',
  'watch.incident.operation.yes': 'yes: it went through processing',
  'watch.incident.operation.none': 'none seen',
  'watch.incident.unknown': 'not known',
  'watch.incident.button.card': 'Server card',
  'watch.incident.button.mute': 'Mute for 1 hour',
  'watch.incident.text': '{headline}. {line}. IP address {ip}, plan {plan}, power operation: {operation}.',
  'watch.reply.changed': '{emoji} *{name}* is now *{to}* (was *{from}* for {duration}) · {at}',
  'watch.reply.recovered': ':white_check_mark: *{name}* recovered after {duration}: *{to}* again · {at}',
  'watch.reply.running_again': ':large_green_circle: *{name}* is *{to}* again after {duration} · {at}',
  'watch.reply.many': '{count, plural, one {# more change} other {# more changes}}:',
  'watch.digest.when_at': '({at})',
  'watch.digest.when_between': 'between {from} and {to}',
  'watch.digest.recovered_after': 'recovered after {duration}',
  'watch.digest.servers': 'Servers: {names}',
  'watch.digest.servers_more': 'Servers: {names} and {count, number} more',
  'watch.muted.title':
    ':bell: Notifications are back on here. While they were muted: {count, plural, one {# change} other {# changes}} on the servers {when}',
  'watch.cmd.muted':
    ':no_bell: <@{by}> muted {target} in {channel} until {until}. Changes are still recorded, and one summary follows when the mute ends. `/vps unmute` ends it early.',
  'watch.cmd.unmuted':
    ':bell: <@{by}> unmuted {target} in {channel}. Anything held back meanwhile follows in one summary.',
  'watch.cmd.not_muted': 'Nothing was muted in {channel}.',
  'watch.cmd.still_muted':
    'Every server stays muted in {channel} until {until} (`/vps unmute all` ends that too).',
  'watch.cmd.mutes_title': 'Muted',
  'watch.cmd.mute_line': '{target} in {channel} until {until} (by <@{by}>)',
  'watch.show_hint': 'Details: `/vps show {ref}`',
  'watch.contract.changed': ':scales: The contract of *{name}* is now *{to}* (was {from}) {at}',
  'watch.server.added': ':new: A new server *{name}* appeared in the list {at}',
  'watch.server.removed': ':wastebasket: *{name}* is no longer in the server list {at}',
  'watch.changed.name':
    ':pencil2: *{from}* was renamed to *{to}* outside Slack (in the control panel or by another API client) {at}',
  'watch.changed.memo':
    ':memo: The memo of *{name}* was changed outside Slack (in the control panel or by another API client) {at}',
  'watch.changed.rdns':
    ':link: The reverse hostname of *{name}* was changed outside Slack (in the control panel or by another API client) {at}',
  'watch.changed.ip':
    ':globe_with_meridians: The IP address of *{name}* changed outside Slack (in the control panel or at the provider) {at}',
  'watch.changed.plan':
    ':arrow_up_down: The plan of *{name}* changed outside Slack (in the control panel or at the provider) {at}',
  'watch.changed.many':
    ':pencil2: *{name}* was changed outside Slack (in the control panel, by another API client or at the provider) {at}:',
  'watch.changed.line': '{field}: {from} → {to}',
  'watch.changed.none': '(none)',
  'watch.changed.field.name': 'Name',
  'watch.changed.field.memo': 'Memo',
  'watch.changed.field.rdns': 'Reverse hostname',
  'watch.changed.field.ip': 'IP address',
  'watch.changed.field.plan': 'Plan',
  'watch.changed.vcpu': '{n} vCPU',
  'watch.changed.memory': '{n} GB memory',
  'watch.changed.disk': '{n} GB disk',
  'watch.kind.changed': 'changed outside Slack: {fields}',
  'watch.signup.active':
    ':tada: <@{requester}> your new server *{name}* is ready: uuid `{uuid}`, IP `{ip}` {at}',
  'watch.signup.ip_unknown': 'not known yet',
  'watch.signup.stuck':
    ':hourglass: <@{requester}> the signup of *{name}* (service code {service}) has been `setup_pending` since {since}. Please contact the provider’s support with the service code.',
  'watch.signup.unnamed': 'the new server',
  'watch.key.expiring':
    '{emoji} The provider API key expires in {left} ({at}). Before then, issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot; once it has expired the bot can no longer read or change anything.',
  'watch.key.refused':
    ':rotating_light: The provider has refused the API key since {at} (401): the bot can no longer read or change anything, and no server is watched. Issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot.',
  'watch.key.expired':
    ':rotating_light: The provider API key expired {expires} and is refused now: the bot can no longer read or change anything, and no server is watched. Issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot.',
  'watch.key.alarm_expiring': '{oncall} The provider API key expires within a day.',
  'watch.key.alarm_refused': '{oncall} The bot has lost its access to the provider.',
  'watch.key.expired_answering':
    ':rotating_light: The provider API key expired {expires}. The provider still accepts it for now, but may refuse it at any moment, and then the bot can no longer read or change anything. Issue a new key in the provider’s panel, set it as PROVIDER_API_KEY and restart the bot.',
  'watch.key.alarm_expired': '{oncall} The provider API key has expired.',
  'watch.digest.title': '{count, plural, one {# change} other {# changes}} on the servers {when}',
  'watch.digest.summary_line': '{count, number} × {what}',
  'watch.digest.more': '…and {count, number} more not listed here; `/vps list` shows every server now.',
  'watch.digest.alarm':
    '{oncall} {count, plural, one {# of these needs} other {# of these need}} attention (error or unexpected stop).',
  'watch.digest.title_alarms': '{count, plural, one {# alarm or change} other {# alarms and changes}} {when}',
  'watch.digest.alarm_any':
    '{oncall} {count, plural, one {# of these needs} other {# of these need}} attention.',
  'watch.digest.about': 'About: {names}',
  'watch.digest.about_more': 'About: {names} and {count, number} more',
  'watch.digest.incidents_hint': 'Open alarms: `/vps incidents`',
  'watch.kind.flap': 'flapped',
  'watch.kind.added': 'new server',
  'watch.kind.removed': 'left the list',
  'watch.kind.signup_active': 'signup completed',
  'watch.kind.signup_stuck': 'signup stuck in setup_pending',
  'watch.kind.contract': 'contract {from} → {to}',
  'watch.cmd.added': 'This channel {channel} now gets power changes of {target}.',
  'watch.cmd.already': '{channel} already watches {target}.',
  'watch.cmd.removed': '{channel} no longer watches {target}.',
  'watch.cmd.not_watching': '{channel} was not watching {target}.',
  'watch.cmd.list_title': 'Watches',
  'watch.cmd.list_empty': 'Nothing is watched here yet. Try `/vps watch all`.',
  'watch.cmd.list_line': '{target} → {channel} (by <@{by}>)',
  'watch.cmd.all_servers': 'every server',
  'watch.cmd.notify_channel': 'Every change also goes to {channel} (NOTIFY_CHANNEL).',
  'watch.cmd.unknown_server': 'No server matches “{ref}”. `/vps list` shows them all.',
  'watch.cmd.not_allowed': 'Only operators may change watches.',
  'watch.cmd.probe':
    ':white_check_mark: I can post here: power changes of {target} will come to this channel.',
  'watch.parked.told':
    ':warning: I can’t post in <#{channel}>: {reason}. The alerts of the watches you set up there are waiting. Invite me with `/invite @vps-bot` in <#{channel}> (or watch from another channel). Once I can post there, I’ll post what is recent and sum up anything older than {age} in one message.',
  'watch.parked.reason.not_in_channel': 'I’m not a member of it',
  'watch.parked.reason.channel_not_found': 'it is private and I’m not in it, or it no longer exists',
  'watch.parked.reason.is_archived': 'it is archived',
  'watch.backlog.title':
    ':inbox_tray: I couldn’t post here from {since} until now. Not posted meanwhile: {what}.',
  'watch.backlog.changes': '{count, plural, one {# power change} other {# power changes}} on {servers}',
  'watch.backlog.alarms':
    '{count, plural, one {# of them an alarm} other {# of them alarms}} (an error or an unexpected stop)',
  'watch.backlog.others': '{count, plural, one {# other notification} other {# other notifications}}',
  'watch.backlog.servers_more': '{names} and {count, number} more',
  'watch.backlog.hint': '`/vps list` shows every server’s state now.',
  'watch.unreachable.not_in_channel':
    'I’m not a member of {channel}, so I can’t post alerts there. Invite me with `/invite @vps-bot` in {channel}, then run this command again. Nothing was changed.',
  'watch.unreachable.channel_not_found':
    'I can’t see {channel}: it is private and I’m not in it, or it no longer exists. Invite me with `/invite @vps-bot` in it, then run this command again. Nothing was changed.',
  'watch.unreachable.is_archived':
    '{channel} is archived, so nothing can be posted there. Watch from another channel, or unarchive it first. Nothing was changed.',
  'watch.hosting.domain-added':
    ':globe_with_meridians: The domain *{item}* was added to the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.domain-removed':
    ':wastebasket: The domain *{item}* was removed from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.ssh-on':
    ':unlock: SSH was turned *on* for the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.ssh-off':
    ':lock: SSH was turned *off* for the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.key-added':
    ':key: The SSH key *{label}* (ID `{item}`) was added to the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.key-removed':
    ':key: The SSH key *{label}* (ID `{item}`) was removed from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.unlabelled': 'with no label',
  'watch.hosting.hint': 'Now: `{command}`',
  'watch.digest.hosting_line': '{kind}: {item}',
  'watch.kind.hosting.domain-added': 'domain added outside Slack',
  'watch.kind.hosting.domain-removed': 'domain removed outside Slack',
  'watch.kind.hosting.ssh-on': 'SSH turned on outside Slack',
  'watch.kind.hosting.ssh-off': 'SSH turned off outside Slack',
  'watch.kind.hosting.key-added': 'SSH key added outside Slack',
  'watch.kind.hosting.key-removed': 'SSH key removed outside Slack',
  'watch.cmd.hosting_target': 'the hosting server *{server}*',
  'watch.cmd.hosting_added':
    'This channel {channel} now hears of {target}: SSL that fails on its name servers or a free certificate that expired (alarms), a free certificate close to its expiry, and domains, SSH keys, DNS records, cron jobs, mail and FTP accounts added or removed and SSH turned on or off outside Slack.',
  'watch.cmd.hosting_probe':
    ':white_check_mark: I can post here: what happens to {target} outside Slack, and its SSL failures, will come to this channel.',
  'watch.cmd.key_target': 'the provider API key',
  'watch.cmd.key_added':
    'This channel {channel} now hears who else uses {target}: a request the bot did not make, and a burst of refused requests (both alarms). Clients whose addresses are in KEY_EXPECTED_IPS are only counted.',
  'watch.cmd.key_probe':
    ':white_check_mark: I can post here: requests made with {target} by other clients, and bursts of refused requests, will come to this channel.',
} as const;

const ja = {
  'watch.power.changed': '{emoji} *{name}* が *{to}* になりました（変更前: {from}）{at}',
  'watch.power.sequence': '{emoji} *{name}* の電源状態: {path} {at}',
  'watch.power.flap':
    ':repeat: *{name}* の電源状態が {from_at} から {to_at} の間に短時間に切り替わりました（{path}）。現在は再び *{to}* です',
  'watch.power.alarm_error': '{oncall} *{name}* の電源状態が *エラー* です。',
  'watch.power.alarm_stop': '{oncall} *{name}* が電源操作なしに停止しました。',
  'watch.incident.alarm_error': ':rotating_light: {oncall} *{name}* の電源状態が *エラー* です',
  'watch.incident.alarm_stop':
    ':rotating_light: {oncall} *{name}* が停止しました。電源操作の形跡はありません',
  'watch.incident.changed': '{emoji} *{name}* が *{to}* になりました',
  'watch.incident.sequence': '{emoji} *{name}* の電源状態: {path}',
  'watch.incident.flap':
    ':repeat: *{name}* の電源状態が {from_at} から {to_at} の間に短時間に切り替わりました（{path}）。現在は再び *{to}* です',
  'watch.incident.recovered': ':white_check_mark: *{name}* は {duration}後に復旧し、再び *{to}* です',
  'watch.incident.running_again': ':large_green_circle: *{name}* は {duration}後に再び *{to}* になりました',
  'watch.incident.still':
    '{emoji} *{name}* は現在 *{to}* です。{since} から {count, number} 回変化しました（各変化はスレッドに記載）',
  'watch.incident.line': '{at} から *{to}*（それまで {duration} *{from}*）',
  'watch.incident.line_at_least': '{at} から *{to}*（それまで少なくとも {duration} *{from}*）',
  'watch.incident.started': '発生: {at}、*{from}* → *{to}*',
  'watch.incident.field.ip': '*IPアドレス*\n{ip}',
  'watch.incident.field.plan': '*プラン*\n{plan}',
  'watch.incident.field.operation': '*電源操作*\n{value}',
  'watch.incident.operation.yes': 'あり（処理中を経由）',
  'watch.incident.operation.none': '形跡なし',
  'watch.incident.unknown': '不明',
  'watch.incident.button.card': 'サーバー情報',
  'watch.incident.button.mute': '1時間ミュート',
  'watch.incident.text': '{headline}。{line}。IPアドレス {ip}、プラン {plan}、電源操作: {operation}。',
  'watch.reply.changed': '{emoji} *{name}* が *{to}* になりました（それまで {duration} *{from}*）· {at}',
  'watch.reply.recovered': ':white_check_mark: *{name}* は {duration}後に復旧し、再び *{to}* です · {at}',
  'watch.reply.running_again':
    ':large_green_circle: *{name}* は {duration}後に再び *{to}* になりました · {at}',
  'watch.reply.many': 'さらに {count, number} 件の変化:',
  'watch.digest.when_at': '（{at}）',
  'watch.digest.when_between': '（{from} 〜 {to}）',
  'watch.digest.recovered_after': '{duration}後に復旧',
  'watch.digest.servers': 'サーバー: {names}',
  'watch.digest.servers_more': 'サーバー: {names} ほか {count, number} 台',
  'watch.muted.title':
    ':bell: このチャンネルの通知を再開しました。ミュート中にサーバーで {count, number} 件の変化がありました{when}',
  'watch.cmd.muted':
    ':no_bell: <@{by}> が {channel} で {target} を {until} までミュートしました。変化は引き続き記録され、ミュートが終わるとまとめて1件で知らせます。早めに終えるには `/vps unmute`。',
  'watch.cmd.unmuted':
    ':bell: <@{by}> が {channel} での {target} のミュートを解除しました。その間に保留していた変化はまとめて1件で知らせます。',
  'watch.cmd.not_muted': '{channel} では何もミュートしていませんでした。',
  'watch.cmd.still_muted':
    '{channel} では {until} まで全サーバーのミュートが続きます（`/vps unmute all` で解除できます）。',
  'watch.cmd.mutes_title': 'ミュート中',
  'watch.cmd.mute_line': '{channel} の {target}: {until} まで（<@{by}> が設定）',
  'watch.show_hint': '詳細: `/vps show {ref}`',
  'watch.contract.changed': ':scales: *{name}* の契約状態が *{to}* になりました（変更前: {from}）{at}',
  'watch.server.added': ':new: 新しいサーバー *{name}* が一覧に現れました {at}',
  'watch.server.removed': ':wastebasket: *{name}* がサーバー一覧からなくなりました {at}',
  'watch.changed.name':
    ':pencil2: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、*{from}* のサーバー名が *{to}* に変更されました {at}',
  'watch.changed.memo':
    ':memo: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、*{name}* のメモが変更されました {at}',
  'watch.changed.rdns':
    ':link: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、*{name}* の逆引きホスト名が変更されました {at}',
  'watch.changed.ip':
    ':globe_with_meridians: Slack 以外（コントロールパネルまたは事業者側）で、*{name}* のIPアドレスが変わりました {at}',
  'watch.changed.plan':
    ':arrow_up_down: Slack 以外（コントロールパネルまたは事業者側）で、*{name}* のプランが変わりました {at}',
  'watch.changed.many':
    ':pencil2: Slack 以外（コントロールパネル、別のAPIクライアントまたは事業者側）で、*{name}* の設定が変更されました {at}',
  'watch.changed.line': '{field}：{from} → {to}',
  'watch.changed.none': '（なし）',
  'watch.changed.field.name': 'サーバー名',
  'watch.changed.field.memo': 'メモ',
  'watch.changed.field.rdns': '逆引きホスト名',
  'watch.changed.field.ip': 'IPアドレス',
  'watch.changed.field.plan': 'プラン',
  'watch.changed.vcpu': '{n} vCPU',
  'watch.changed.memory': 'メモリ {n} GB',
  'watch.changed.disk': 'ディスク {n} GB',
  'watch.kind.changed': 'Slack 以外での変更（{fields}）',
  'watch.signup.active':
    ':tada: <@{requester}> 新しいサーバー *{name}* の準備ができました: uuid `{uuid}`、IP `{ip}` {at}',
  'watch.signup.ip_unknown': '未取得',
  'watch.signup.stuck':
    ':hourglass: <@{requester}> *{name}*（サービスコード {service}）の申し込みが {since} から `setup_pending` のままです。サービスコードを添えて事業者のサポートへ問い合わせてください。',
  'watch.signup.unnamed': '新しいサーバー',
  'watch.key.expiring':
    '{emoji} プロバイダーのAPIキーの有効期限まで、あと{left}です（{at}）。それまでにプロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。期限が切れると、ボットはサーバーの確認も操作もできなくなります。',
  'watch.key.refused':
    ':rotating_light: {at} からプロバイダーがAPIキーを拒否しています（401）。ボットはサーバーの確認も操作もできず、監視も止まっています。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。',
  'watch.key.expired':
    ':rotating_light: プロバイダーのAPIキーは {expires} に有効期限が切れ、拒否されるようになりました。ボットはサーバーの確認も操作もできず、監視も止まっています。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。',
  'watch.key.alarm_expiring': '{oncall} プロバイダーのAPIキーの有効期限が残り1日を切りました。',
  'watch.key.alarm_refused': '{oncall} ボットがプロバイダーにアクセスできなくなりました。',
  'watch.key.expired_answering':
    ':rotating_light: プロバイダーのAPIキーは {expires} に有効期限が切れました。プロバイダーはまだ受け付けていますが、いつ拒否されてもおかしくありません。拒否されるとボットはサーバーの確認も操作もできなくなります。プロバイダーのパネルで新しいキーを発行し、PROVIDER_API_KEY に設定してボットを再起動してください。',
  'watch.key.alarm_expired': '{oncall} プロバイダーのAPIキーの有効期限が切れています。',
  'watch.digest.title': 'サーバーに {count, number} 件の変化がありました{when}',
  'watch.digest.summary_line': '{count, number} 件: {what}',
  'watch.digest.more':
    '…ほか {count, number} 件はここに載せていません。`/vps list` で現在の全サーバーを確認できます。',
  'watch.digest.alarm': '{oncall} うち {count, number} 件は対応が必要です（エラーまたは予期しない停止）。',
  'watch.digest.title_alarms': '{count, number} 件のアラームと変化がありました{when}',
  'watch.digest.alarm_any': '{oncall} うち {count, number} 件は対応が必要です。',
  'watch.digest.about': '対象: {names}',
  'watch.digest.about_more': '対象: {names} ほか {count, number} 件',
  'watch.digest.incidents_hint': '未解決のアラーム: `/vps incidents`',
  'watch.kind.flap': '短時間の切り替わり',
  'watch.kind.added': '新しいサーバー',
  'watch.kind.removed': '一覧から削除',
  'watch.kind.signup_active': '申し込み完了',
  'watch.kind.signup_stuck': '申し込みが setup_pending のまま',
  'watch.kind.contract': '契約 {from} → {to}',
  'watch.cmd.added': '{channel} に {target} の電源状態の変化を通知します。',
  'watch.cmd.already': '{channel} はすでに {target} を監視しています。',
  'watch.cmd.removed': '{channel} での {target} の監視をやめました。',
  'watch.cmd.not_watching': '{channel} は {target} を監視していませんでした。',
  'watch.cmd.list_title': '監視の一覧',
  'watch.cmd.list_empty': 'まだ何も監視していません。`/vps watch all` を試してください。',
  'watch.cmd.list_line': '{target} → {channel}（<@{by}> が設定）',
  'watch.cmd.all_servers': 'すべてのサーバー',
  'watch.cmd.notify_channel': 'すべての変化は {channel} にも送られます（NOTIFY_CHANNEL）。',
  'watch.cmd.unknown_server': '「{ref}」に当たるサーバーがありません。`/vps list` で一覧を確認できます。',
  'watch.cmd.not_allowed': '監視の変更はオペレーターだけが行えます。',
  'watch.cmd.probe':
    ':white_check_mark: このチャンネルに投稿できることを確認しました。{target} の電源状態の変化をここに投稿します。',
  'watch.parked.told':
    ':warning: <#{channel}> に投稿できません（{reason}）。そこに設定された監視の通知は送信待ちになっています。<#{channel}> で `/invite @vps-bot` を実行して招待してください（別のチャンネルで監視し直すこともできます）。投稿できるようになったら、最近の通知はそのまま投稿し、{age}より前のものは1件のメッセージにまとめてお知らせします。',
  'watch.parked.reason.not_in_channel': 'このチャンネルのメンバーではありません',
  'watch.parked.reason.channel_not_found': '参加していない非公開チャンネルか、削除されたチャンネルです',
  'watch.parked.reason.is_archived': 'アーカイブされています',
  'watch.backlog.title':
    ':inbox_tray: {since}から今まで、このチャンネルに投稿できませんでした。その間に投稿できなかった通知: {what}。',
  'watch.backlog.changes': '{servers} の電源状態の変化 {count, number} 件',
  'watch.backlog.alarms': 'うち要対応（エラーまたは予期しない停止）{count, number} 件',
  'watch.backlog.others': 'その他の通知 {count, number} 件',
  'watch.backlog.servers_more': '{names} ほか {count, number} 台',
  'watch.backlog.hint': '全サーバーの現在の状態は `/vps list` で確認できます。',
  'watch.unreachable.not_in_channel':
    '{channel} のメンバーではないため、通知を投稿できません。{channel} で `/invite @vps-bot` を実行して招待してから、もう一度このコマンドを実行してください。設定は変更していません。',
  'watch.unreachable.channel_not_found':
    '{channel} が見つかりません。参加していない非公開チャンネルか、削除されたチャンネルです。そのチャンネルで `/invite @vps-bot` を実行して招待してから、もう一度このコマンドを実行してください。設定は変更していません。',
  'watch.unreachable.is_archived':
    '{channel} はアーカイブされているため投稿できません。別のチャンネルで監視するか、先にアーカイブを解除してください。設定は変更していません。',
  'watch.hosting.domain-added':
    ':globe_with_meridians: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にドメイン *{item}* が追加されました {at}',
  'watch.hosting.domain-removed':
    ':wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からドメイン *{item}* が削除されました {at}',
  'watch.hosting.ssh-on':
    ':unlock: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` のSSHが *オン* になりました {at}',
  'watch.hosting.ssh-off':
    ':lock: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` のSSHが *オフ* になりました {at}',
  'watch.hosting.key-added':
    ':key: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にSSHキー *{label}*（ID `{item}`）が登録されました {at}',
  'watch.hosting.key-removed':
    ':key: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からSSHキー *{label}*（ID `{item}`）が削除されました {at}',
  'watch.hosting.unlabelled': '（ラベルなし）',
  'watch.hosting.hint': '現在の状態: `{command}`',
  'watch.digest.hosting_line': '{kind}：{item}',
  'watch.kind.hosting.domain-added': 'Slack 以外でのドメイン追加',
  'watch.kind.hosting.domain-removed': 'Slack 以外でのドメイン削除',
  'watch.kind.hosting.ssh-on': 'Slack 以外でSSHをオン',
  'watch.kind.hosting.ssh-off': 'Slack 以外でSSHをオフ',
  'watch.kind.hosting.key-added': 'Slack 以外でのSSHキー登録',
  'watch.kind.hosting.key-removed': 'Slack 以外でのSSHキー削除',
  'watch.cmd.hosting_target': 'ホスティングサーバー *{server}*',
  'watch.cmd.hosting_added':
    'このチャンネル {channel} に {target} の通知が届くようになりました: ネームサーバーの問題によるSSLの失敗と無料SSL証明書の期限切れ（アラーム）、期限切れ間近の無料SSL証明書、Slack 以外で行われたドメイン・SSHキー・DNSレコード・cronジョブ・メールアカウント・FTPアカウントの追加・削除、SSHのオン・オフです。',
  'watch.cmd.hosting_probe':
    ':white_check_mark: このチャンネルに投稿できます。{target} で Slack 以外から行われた変更とSSLの失敗は、このチャンネルに通知します。',
  'watch.cmd.key_target': 'プロバイダーのAPIキー',
  'watch.cmd.key_added':
    'このチャンネル {channel} に {target} の使用状況を通知します: ボット以外からのリクエストと、拒否されたリクエストの集中です（どちらもアラーム）。KEY_EXPECTED_IPS に登録したアドレスのクライアントは件数を数えるだけです。',
  'watch.cmd.key_probe':
    ':white_check_mark: このチャンネルに投稿できることを確認しました。他のクライアントによる {target} の使用と、拒否されたリクエストの集中をここに通知します。',
} as const;

export const watchCatalog = catalog(en, ja);
