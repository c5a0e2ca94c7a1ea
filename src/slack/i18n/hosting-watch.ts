/**
 * What the watcher tells of a hosting server's record lists: DNS records,
 * cron jobs, mail and FTP accounts added, changed or removed outside the bot,
 * a free SSL certificate close to its expiry (a notice) and one expired (an
 * alarm).
 */
import { catalog } from './catalog.ts';

const en = {
  'watch.hosting.dns-added':
    ':memo: The DNS record *{item}* `{detail}` was added to the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.dns-changed':
    ':memo: The DNS record *{item}* was changed on the hosting server `{server}` outside Slack (in the control panel or by another API client); it is now `{detail}` {at}',
  'watch.hosting.dns-removed':
    ':wastebasket: The DNS record *{item}* `{detail}` was removed from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.cron-added':
    ':warning: The cron job `{item}` ({detail}{label}) was added to the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}. A cron job nobody here added is a classic sign of a compromised site: check its command with `/hosting {server} cron`, and look for files changed recently, unknown FTP accounts and unknown SSH keys.',
  'watch.hosting.cron-changed':
    ':warning: The cron job `{item}` ({detail}{label}) was changed on the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}. A cron job nobody here added is a classic sign of a compromised site: check its command with `/hosting {server} cron`, and look for files changed recently, unknown FTP accounts and unknown SSH keys.',
  'watch.hosting.cron-removed':
    ':wastebasket: The cron job `{item}` ({detail}{label}) was removed from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.mail-added':
    ':incoming_envelope: The mail account *{item}* was created on the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.mail-removed':
    ':wastebasket: The mail account *{item}* was deleted from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.ftp-added':
    ':file_folder: The FTP account *{item}* was added to the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.ftp-removed':
    ':wastebasket: The FTP account *{item}* was removed from the hosting server `{server}` outside Slack (in the control panel or by another API client) {at}',
  'watch.hosting.ssl-expiring':
    ':hourglass_flowing_sand: The free SSL certificate of *{item}* on the hosting server `{server}` expires {expires}, and the provider has not renewed it yet. Check that the domain still points at the server’s name servers; `/hosting {server} ssl` shows it now.',
  'watch.hosting.comment': ', “{comment}”',
  'watch.kind.hosting.dns-added': 'DNS record added outside Slack',
  'watch.kind.hosting.dns-changed': 'DNS record changed outside Slack',
  'watch.kind.hosting.dns-removed': 'DNS record removed outside Slack',
  'watch.kind.hosting.cron-added': 'cron job added outside Slack',
  'watch.kind.hosting.cron-changed': 'cron job changed outside Slack',
  'watch.kind.hosting.cron-removed': 'cron job removed outside Slack',
  'watch.kind.hosting.mail-added': 'mail account created outside Slack',
  'watch.kind.hosting.mail-removed': 'mail account deleted outside Slack',
  'watch.kind.hosting.ftp-added': 'FTP account added outside Slack',
  'watch.kind.hosting.ftp-removed': 'FTP account removed outside Slack',
  'watch.kind.hosting.ssl-expiring': 'free SSL certificate about to expire',

  'oncall.ssl-expired.alarm':
    ':rotating_light: {oncall} The free SSL certificate of *{name}* expired {expires} (hosting server {server})',
  'oncall.ssl-expired.what': 'the free SSL certificate of *{name}* expired',
  'oncall.ssl-expired.body':
    'Visitors now see a security warning. The provider renews free certificates by itself, so the renewal failed: check that the domain points at the server’s name servers, then install free SSL again with `/hosting {server} ssl add {domain}` or in the control panel.',
  'oncall.ssl-expired.resolved':
    ':white_check_mark: The free SSL certificate of *{name}* is valid again (renewed or removed), after {duration}',
  'oncall.ssl-expired.label': 'SSL certificate expired',
  'oncall.ssl-expired.unknown': 'recently',
  'digest.kind.ssl-expired': 'SSL certificate expired',
} as const;

const ja = {
  'watch.hosting.dns-added':
    ':memo: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にDNSレコード *{item}* `{detail}` が追加されました {at}',
  'watch.hosting.dns-changed':
    ':memo: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` のDNSレコード *{item}* が変更されました。現在の値は `{detail}` です {at}',
  'watch.hosting.dns-removed':
    ':wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からDNSレコード *{item}* `{detail}` が削除されました {at}',
  'watch.hosting.cron-added':
    ':warning: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にcronジョブ `{item}`（{detail}{label}）が追加されました {at}。誰も追加していないcronジョブは、サイトが乗っ取られたときの典型的な兆候です。`/hosting {server} cron` でコマンドを確認し、最近変更されたファイル、心当たりのないFTPアカウントやSSHキーがないかも調べてください。',
  'watch.hosting.cron-changed':
    ':warning: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` のcronジョブ `{item}`（{detail}{label}）が変更されました {at}。誰も追加していないcronジョブは、サイトが乗っ取られたときの典型的な兆候です。`/hosting {server} cron` でコマンドを確認し、最近変更されたファイル、心当たりのないFTPアカウントやSSHキーがないかも調べてください。',
  'watch.hosting.cron-removed':
    ':wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からcronジョブ `{item}`（{detail}{label}）が削除されました {at}',
  'watch.hosting.mail-added':
    ':incoming_envelope: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にメールアカウント *{item}* が作成されました {at}',
  'watch.hosting.mail-removed':
    ':wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からメールアカウント *{item}* が削除されました {at}',
  'watch.hosting.ftp-added':
    ':file_folder: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` にFTPアカウント *{item}* が追加されました {at}',
  'watch.hosting.ftp-removed':
    ':wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `{server}` からFTPアカウント *{item}* が削除されました {at}',
  'watch.hosting.ssl-expiring':
    ':hourglass_flowing_sand: ホスティングサーバー `{server}` の *{item}* の無料SSL証明書は {expires} に期限が切れますが、まだ更新されていません。ドメインがサーバーのネームサーバーを向いているか確認してください。現在の状態は `/hosting {server} ssl` で確認できます。',
  'watch.hosting.comment': '、「{comment}」',
  'watch.kind.hosting.dns-added': 'Slack 以外でのDNSレコード追加',
  'watch.kind.hosting.dns-changed': 'Slack 以外でのDNSレコード変更',
  'watch.kind.hosting.dns-removed': 'Slack 以外でのDNSレコード削除',
  'watch.kind.hosting.cron-added': 'Slack 以外でのcronジョブ追加',
  'watch.kind.hosting.cron-changed': 'Slack 以外でのcronジョブ変更',
  'watch.kind.hosting.cron-removed': 'Slack 以外でのcronジョブ削除',
  'watch.kind.hosting.mail-added': 'Slack 以外でのメールアカウント作成',
  'watch.kind.hosting.mail-removed': 'Slack 以外でのメールアカウント削除',
  'watch.kind.hosting.ftp-added': 'Slack 以外でのFTPアカウント追加',
  'watch.kind.hosting.ftp-removed': 'Slack 以外でのFTPアカウント削除',
  'watch.kind.hosting.ssl-expiring': '期限切れ間近の無料SSL証明書',

  'oncall.ssl-expired.alarm':
    ':rotating_light: {oncall} *{name}* の無料SSL証明書の期限が {expires} に切れました（サーバー {server}）',
  'oncall.ssl-expired.what': '*{name}* の無料SSL証明書の期限が切れました',
  'oncall.ssl-expired.body':
    '訪問者にはセキュリティの警告が表示されています。無料SSL証明書はプロバイダーが自動で更新するため、更新に失敗しています。ドメインがサーバーのネームサーバーを向いているか確認し、`/hosting {server} ssl add {domain}` かコントロールパネルで無料SSLを設定し直してください。',
  'oncall.ssl-expired.resolved':
    ':white_check_mark: *{name}* の無料SSL証明書は有効に戻りました（更新または削除。継続時間 {duration}）',
  'oncall.ssl-expired.label': 'SSL証明書の期限切れ',
  'oncall.ssl-expired.unknown': '先ごろ',
  'digest.kind.ssl-expired': 'SSL証明書の期限切れ',
} as const;

export const hostingWatchCatalog = catalog(en, ja);
