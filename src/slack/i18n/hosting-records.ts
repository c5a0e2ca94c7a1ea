/**
 * /hosting's DNS records, cron jobs and PHP versions: their help lines and
 * usage, lists, forms, confirmations, announcements, the provider's refusals
 * said for each area, and the field sentences of their rules.
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.dns':
    '`/hosting [server] dns [domain]` — the DNS records (of one domain, or of every domain), with their ids',
  'hosting.help.cmd.hosting.dns_add':
    '`/hosting [server] dns add <domain> <host> <type> <value> [ttl] [priority]` — add a record; `@` is the domain itself, a value with spaces goes in quotes, e.g. `/hosting dns add example.jp www A 203.0.113.10`',
  'hosting.help.cmd.hosting.dns_change':
    '`/hosting [server] dns change <record id>` — change a record in a form; you confirm before it is sent',
  'hosting.help.cmd.hosting.dns_delete':
    '`/hosting [server] dns delete <record id>` — delete a record; you confirm before it is sent',
  'hosting.help.cmd.hosting.cron':
    '`/hosting [server] cron` — the cron jobs, with their ids and whether each runs',
  'hosting.help.cmd.hosting.cron_add': '`/hosting [server] cron add` — add a cron job in a form',
  'hosting.help.cmd.hosting.cron_change':
    '`/hosting [server] cron change <job id>` — change a job in a form; `cron enable <job id>` and `cron disable <job id>` turn it on and off (a changed job gets a new id)',
  'hosting.help.cmd.hosting.cron_delete':
    '`/hosting [server] cron delete <job id>` — delete a cron job; you confirm before it is sent',
  'hosting.help.cmd.hosting.php':
    '`/hosting [server] php [domain]` — the PHP versions on offer and each domain’s current one',
  'hosting.help.cmd.hosting.php_set':
    '`/hosting [server] php set <domain> <version>` — switch a domain to another PHP version, e.g. `/hosting php set example.jp 8.3`',

  'usage.hosting.dns': 'Usage: `/hosting [server] dns [domain]`, e.g. `/hosting dns example.jp`.',
  'usage.hosting.dns_add':
    'Usage: `/hosting [server] dns add <domain> <host> <type> <value> [ttl] [priority]`, e.g. `/hosting dns add example.jp @ MX mail.example.jp 3600 10`. Use `@` for the domain itself; put a value with spaces in quotes.',
  'usage.hosting.dns_change':
    'Usage: `/hosting [server] dns change <record id>` (the ids are in `/hosting dns <domain>`).',
  'usage.hosting.dns_delete':
    'Usage: `/hosting [server] dns delete <record id>` (the ids are in `/hosting dns <domain>`).',
  'usage.hosting.cron':
    'Usage: `/hosting [server] cron`, `cron add`, `cron change <job id>`, `cron enable <job id>`, `cron disable <job id>` or `cron delete <job id>`.',
  'usage.hosting.php':
    'Usage: `/hosting [server] php [domain]` or `/hosting [server] php set <domain> <version>`.',

  'hosting.dns.title': 'DNS records of {domain} on {server}',
  'hosting.dns.title_all': 'DNS records on {server}',
  'hosting.dns.empty': 'No DNS records here.',
  'hosting.dns.row': '`{id}`  *{name}*  {type}  `{content}`  · TTL {ttl, number} s{priority}',
  'hosting.dns.priority': ' · priority {priority, number}',
  'hosting.dns.more':
    '…and {count, plural, one {# more record} other {# more records}}. Name a domain to see fewer: `/hosting dns <domain>`.',
  'hosting.dns.unreadable':
    '{count, plural, one {# record} other {# records}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.dns.hint':
    'Change one: `/hosting dns change <id>`. Delete one: `/hosting dns delete <id>`. Add one: `/hosting dns add <domain> <host> <type> <value> [ttl] [priority]`.',

  'hosting.cron.title': 'Cron jobs on {server}',
  'hosting.cron.empty': 'No cron jobs on this server.',
  'hosting.cron.row': '{state}  `{id}`  `{schedule}`  `{command}`{comment}',
  'hosting.cron.comment': ' — {comment}',
  'hosting.cron.on': ':large_green_circle: runs',
  'hosting.cron.off': ':white_circle: off',
  'hosting.cron.notices': 'Cron’s notices go to {email}.',
  'hosting.cron.unreadable':
    '{count, plural, one {# job} other {# jobs}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.cron.hint':
    'Add one: `/hosting cron add`. Change one: `/hosting cron change <id>`; turn it off or on: `/hosting cron disable <id>` / `enable <id>`. Delete one: `/hosting cron delete <id>`.',

  'hosting.php.title': 'PHP versions on {server}',
  'hosting.php.title_domain': 'PHP version of {domain} on {server}',
  'hosting.php.offered': 'On offer: {versions}.',
  'hosting.php.offer_unread': 'The provider’s list of versions on offer could not be read.',
  'hosting.php.row': '*{domain}*: PHP {version}',
  'hosting.php.empty': 'No domains are listed.',
  'hosting.php.hint': 'Switch a domain: `/hosting php set <domain> <version>`.',

  'hosting.modal.dns_change.title': 'Change a DNS record',
  'hosting.modal.dns_change.intro':
    'Record `{id}` of {domain}, as it is now. Change what you need; the next step shows the record before and after and asks you to confirm.',
  'hosting.modal.cron_add.title': 'Add a cron job',
  'hosting.modal.cron_change.title': 'Change a cron job',
  'hosting.modal.cron_change.intro':
    'Job `{id}`, as it is now. Once changed, the provider gives it a new id; the bot tells you which.',
  'hosting.label.host': 'Host',
  'hosting.hint.host': '`@` for the domain itself, or a name under it such as `www`.',
  'hosting.label.type': 'Type',
  'hosting.label.content': 'Value',
  'hosting.hint.content':
    'An A record takes an IPv4 address, AAAA an IPv6 address, CNAME and MX a host name.',
  'hosting.label.ttl': 'TTL (seconds)',
  'hosting.hint.ttl': 'From 60 to 86,400.',
  'hosting.label.priority': 'Priority',
  'hosting.hint.priority': 'For MX and SRV records; leave empty to keep it as it is.',
  'hosting.label.minute': 'Minute',
  'hosting.label.hour': 'Hour',
  'hosting.label.day': 'Day of month',
  'hosting.label.month': 'Month',
  'hosting.label.weekday': 'Day of week',
  'hosting.hint.schedule': 'A number, `*` for every one, `*/5` for every fifth, or a range such as `1-5`.',
  'hosting.hint.weekday': '0 and 7 are Sunday; `*` for every day.',
  'hosting.label.command': 'Command',
  'hosting.hint.command': 'The command as cron runs it, e.g. /usr/bin/php /home/you/job.php.',
  'hosting.label.comment': 'Comment',
  'hosting.hint.comment': 'Optional: what the job is for.',

  'hosting.confirm.title.hosting.dns_change': 'Change DNS record {id}?',
  'hosting.confirm.title.hosting.dns_delete': 'Delete DNS record {id}?',
  'hosting.confirm.title.hosting.cron_delete': 'Delete cron job {id}?',
  'hosting.loss.hosting.dns_change':
    'Record `{id}` on {server} now: `{now}`. After the change: `{after}`. Whoever looks up `{name}` gets the new value once their cached copy expires (TTL {ttl, number} s).',
  'hosting.loss.hosting.dns_delete':
    'Deleting record `{id}` from {server}: `{now}`. Whoever looks up `{name}` stops getting it once their cached copy expires (TTL {ttl, number} s).',
  'hosting.loss.hosting.cron_delete':
    'Deleting cron job `{id}` from {server}: `{schedule}` runs `{command}`{comment} ({state}). It will not run again.',
  'hosting.loss.cron_on': 'running',
  'hosting.loss.cron_off': 'turned off',

  'hosting.done.hosting.dns_add': '<@{user}> added the DNS record `{subject}` on {server} (id `{created}`).',
  'hosting.done.hosting.dns_change': '<@{user}> changed the DNS record `{subject}` on {server}.',
  'hosting.done.hosting.dns_delete': '<@{user}> deleted the DNS record `{subject}` on {server}.',
  'hosting.done.hosting.cron_add': '<@{user}> added the cron job `{subject}` on {server} (id `{created}`).',
  'hosting.done.hosting.cron_change':
    '<@{user}> changed the cron job `{subject}` on {server}; its id is now `{created}`.',
  'hosting.done.hosting.cron_delete': '<@{user}> deleted the cron job `{subject}` on {server}.',
  'hosting.done.hosting.php_set': '<@{user}> switched `{subject}` to PHP {created} on {server}.',
  'hosting.done.cron_on': '<@{user}> turned the cron job `{id}` on, on {server}; its id is now `{created}`.',
  'hosting.done.cron_off':
    '<@{user}> turned the cron job `{id}` off, on {server}; its id is now `{created}`.',

  'error.hosting_not_found.what.dns': 'DNS record',
  'error.hosting_not_found.what.cron': 'cron job',
  'error.hosting_not_found.dns': 'See `/hosting dns <domain>` for the records and their ids.',
  'error.hosting_not_found.cron':
    'See `/hosting cron` for the jobs and their ids (a job’s id changes each time it is changed).',

  'error.hosting_area.dns.NOT_FOUND':
    'The provider has no such record or domain ({code}). It said: {message}. List the records with `/hosting dns <domain>` and use an id from there; the domain must be one of this server’s (`/hosting domains`).',
  'error.hosting_area.dns.OPERATION_ERROR':
    'The provider could not make this DNS change ({code}). It said: {message}. Most often the record clashes with one already there (a CNAME cannot share its name with another record) or the domain’s DNS is not served by the provider; check `/hosting dns <domain>`, then try again.',
  'error.hosting_area.dns.VALIDATION_ERROR':
    'The provider does not accept a value ({code}). It said: {message}. Correct it (an A record takes an IPv4 address, AAAA an IPv6 address, MX a host name and a priority) and send it again.',
  'error.hosting_area.dns.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.dns.other':
    'The provider refused the DNS change ({code}). It said: {message}. Check the record with `/hosting dns <domain>` and try again.',
  'error.hosting_area.cron.NOT_FOUND':
    'The provider has no cron job of that id ({code}). It said: {message}. A job’s id changes each time it is changed: take the current one from `/hosting cron`.',
  'error.hosting_area.cron.OPERATION_ERROR':
    'The provider could not make this cron change ({code}). It said: {message}. Check the jobs with `/hosting cron`, then try again.',
  'error.hosting_area.cron.VALIDATION_ERROR':
    'The provider does not accept the job ({code}). It said: {message}. Correct the schedule or the command and send it again.',
  'error.hosting_area.cron.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.cron.other':
    'The provider refused the cron change ({code}). It said: {message}. Check `/hosting cron` and try again.',
  'error.hosting_area.php.NOT_FOUND':
    'The provider does not know that domain ({code}). It said: {message}. Use a domain of this server: `/hosting php` lists them.',
  'error.hosting_area.php.OPERATION_ERROR':
    'The provider could not switch the PHP version ({code}). It said: {message}. Try again in a while; `/hosting php <domain>` shows the version it has now.',
  'error.hosting_area.php.VALIDATION_ERROR':
    'The provider does not accept that version ({code}). It said: {message}. Choose one of those `/hosting php` lists, written as major.minor (8.3).',
  'error.hosting_area.php.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the domain and the version and try again.',
  'error.hosting_area.php.other':
    'The provider refused the PHP change ({code}). It said: {message}. Check `/hosting php <domain>` and try again.',

  'field.value.one_of': 'That is not one of the values the provider takes.',
  'field.value.whole_number': 'Give a whole number.',
  'field.host.required': 'Enter the host: `@` for the domain itself, or a name under it such as `www`.',
  'field.host.too_long': 'A host can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.type.required': 'Give the record type: A, AAAA, CNAME, MX, TXT, SRV or CAA.',
  'field.type.one_of': 'The provider takes only these record types: A, AAAA, CNAME, MX, TXT, SRV and CAA.',
  'field.content.required': 'Enter the record’s value, e.g. an IPv4 address for an A record.',
  'field.content.too_long':
    'The value is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.ttl.range': 'TTL must be from 60 to {limit, number} seconds (the provider’s default is 3,600).',
  'field.ttl.whole_number': 'TTL is a whole number of seconds, from 60 to 86,400.',
  'field.priority.whole_number': 'Priority is a whole number, such as 10.',
  'field.dns_id.required': 'Give the record’s id: `/hosting dns <domain>` lists them.',
  'field.dns_id.whole_number': 'A record’s id is a number: `/hosting dns <domain>` lists them.',
  'field.minute.required': 'Enter the minute: 0 to 59, `*` or `*/5`.',
  'field.minute.range': 'Minutes run from 0 to {limit, number}.',
  'field.hour.required': 'Enter the hour: 0 to 23, `*` or `*/2`.',
  'field.hour.range': 'Hours run from 0 to {limit, number}.',
  'field.day.required': 'Enter the day of the month: 1 to 31, or `*`.',
  'field.day.range': 'Days of the month run from 1 to {limit, number}.',
  'field.month.required': 'Enter the month: 1 to 12, or `*`.',
  'field.month.range': 'Months run from 1 to {limit, number}.',
  'field.weekday.required': 'Enter the day of the week: 0 to 7 (0 and 7 are Sunday), or `*`.',
  'field.weekday.range': 'Days of the week run from 0 to {limit, number} (0 and 7 are Sunday).',
  'field.command.required': 'Enter the command cron runs.',
  'field.command.too_long':
    'The provider takes a command of at most {limit, plural, one {# character} other {# characters}}.',
  'field.comment.too_long':
    'The comment is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.cron_id.required': 'Give the job’s id: `/hosting cron` lists them.',
  'field.cron_id.charset': 'That is not a job id: `/hosting cron` lists them.',
  'field.version.required': 'Give the PHP version, such as 8.3.',
  'field.version.one_of': 'That version is not on offer on this server: `/hosting php` lists those that are.',
  'hosting.help.cmd.hosting.ssl':
    '`/hosting [server] ssl [domain]` — the SSL certificates, with when each expires',
  'hosting.help.cmd.hosting.ssl_add':
    '`/hosting [server] ssl add <domain>` — install a free certificate (Let’s Encrypt); the domain must be on the provider’s name servers',
  'hosting.help.cmd.hosting.ssl_delete':
    '`/hosting [server] ssl delete <domain>` — remove a domain’s free certificate; you confirm before it is sent',
  'usage.hosting.ssl':
    'Usage: `/hosting [server] ssl [domain]`, `ssl add <domain>` or `ssl delete <domain>`.',
  'hosting.ssl.title': 'SSL certificates on {server}',
  'hosting.ssl.title_domain': 'SSL certificates of {domain} on {server}',
  'hosting.ssl.empty': 'No SSL certificates here.',
  'hosting.ssl.row': '{state}  *{domain}*  {type} · expires {expires} ({left})',
  'hosting.ssl.free': 'free (Let’s Encrypt)',
  'hosting.ssl.paid': 'paid option',
  'hosting.ssl.active': ':lock:',
  'hosting.ssl.expired': ':warning: expired',
  'hosting.ssl.gone': 'passed',
  'hosting.ssl.unreadable':
    '{count, plural, one {# certificate} other {# certificates}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.ssl.hint':
    'Install a free certificate: `/hosting ssl add <domain>`. Remove one: `/hosting ssl delete <domain>`.',
  'hosting.confirm.title.hosting.ssl_delete': 'Remove the SSL certificate of {domain}?',
  'hosting.loss.hosting.ssl_delete':
    'Removing the {type} certificate of `{domain}` from {server} (it expires {expires}): visitors to https://{domain} get a certificate warning until one is installed again.',
  'hosting.done.hosting.ssl_add': '<@{user}> installed a free SSL certificate for `{subject}` on {server}.',
  'hosting.done.hosting.ssl_delete': '<@{user}> removed the SSL certificate of `{subject}` on {server}.',
  'error.hosting_not_found.what.ssl': 'SSL certificate for',
  'error.hosting_not_found.ssl': 'See `/hosting ssl` for the certificates.',
  'error.hosting_area.ssl.NOT_FOUND':
    'The provider has no such domain or certificate ({code}). It said: {message}. See `/hosting ssl` and `/hosting domains`.',
  'error.hosting_area.ssl.OPERATION_ERROR':
    'The provider could not do it ({code}). It said: {message}. A free certificate is issued only for a domain on the provider’s name servers: set them to those `/hosting info` shows, wait for DNS to follow, then try again. A paid certificate may be removable only in the provider’s server panel.',
  'error.hosting_area.ssl.VALIDATION_ERROR':
    'The provider does not accept that domain ({code}). It said: {message}. Give a domain or subdomain of this server, as `/hosting domains` lists it.',
  'error.hosting_area.ssl.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the domain and try again.',
  'error.hosting_area.ssl.other':
    'The provider refused the SSL change ({code}). It said: {message}. Check `/hosting ssl` and try again.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.dns':
    '`/hosting [server] dns [domain]` — DNS レコードの一覧（ドメインを指定するとそのドメインだけ）と各 ID',
  'hosting.help.cmd.hosting.dns_add':
    '`/hosting [server] dns add <domain> <host> <type> <value> [ttl] [priority]` — レコードを追加します。ドメインそのものは `@`、空白を含む値は引用符で囲みます。例: `/hosting dns add example.jp www A 203.0.113.10`',
  'hosting.help.cmd.hosting.dns_change':
    '`/hosting [server] dns change <レコード ID>` — フォームでレコードを変更します。送信前に確認します',
  'hosting.help.cmd.hosting.dns_delete':
    '`/hosting [server] dns delete <レコード ID>` — レコードを削除します。送信前に確認します',
  'hosting.help.cmd.hosting.cron': '`/hosting [server] cron` — cron ジョブの一覧（ID と有効・無効）',
  'hosting.help.cmd.hosting.cron_add': '`/hosting [server] cron add` — フォームで cron ジョブを追加します',
  'hosting.help.cmd.hosting.cron_change':
    '`/hosting [server] cron change <ジョブ ID>` — フォームでジョブを変更します。`cron enable <ジョブ ID>` / `cron disable <ジョブ ID>` で有効・無効を切り替えます（変更したジョブには新しい ID が付きます）',
  'hosting.help.cmd.hosting.cron_delete':
    '`/hosting [server] cron delete <ジョブ ID>` — cron ジョブを削除します。送信前に確認します',
  'hosting.help.cmd.hosting.php':
    '`/hosting [server] php [domain]` — 選べる PHP バージョンと各ドメインの現在のバージョン',
  'hosting.help.cmd.hosting.php_set':
    '`/hosting [server] php set <domain> <version>` — ドメインの PHP バージョンを切り替えます。例: `/hosting php set example.jp 8.3`',

  'usage.hosting.dns': '使い方: `/hosting [server] dns [domain]`（例: `/hosting dns example.jp`）',
  'usage.hosting.dns_add':
    '使い方: `/hosting [server] dns add <domain> <host> <type> <value> [ttl] [priority]`（例: `/hosting dns add example.jp @ MX mail.example.jp 3600 10`）。ドメインそのものは `@`、空白を含む値は引用符で囲んでください。',
  'usage.hosting.dns_change':
    '使い方: `/hosting [server] dns change <レコード ID>`（ID は `/hosting dns <domain>` で確認できます）',
  'usage.hosting.dns_delete':
    '使い方: `/hosting [server] dns delete <レコード ID>`（ID は `/hosting dns <domain>` で確認できます）',
  'usage.hosting.cron':
    '使い方: `/hosting [server] cron`、`cron add`、`cron change <ジョブ ID>`、`cron enable <ジョブ ID>`、`cron disable <ジョブ ID>`、`cron delete <ジョブ ID>`',
  'usage.hosting.php':
    '使い方: `/hosting [server] php [domain]` または `/hosting [server] php set <domain> <version>`',

  'hosting.dns.title': '{server} の {domain} の DNS レコード',
  'hosting.dns.title_all': '{server} の DNS レコード',
  'hosting.dns.empty': 'DNS レコードはありません。',
  'hosting.dns.row': '`{id}`  *{name}*  {type}  `{content}`  · TTL {ttl, number} 秒{priority}',
  'hosting.dns.priority': ' · 優先度 {priority, number}',
  'hosting.dns.more': '…ほか {count, number} 件。ドメインを指定すると絞り込めます: `/hosting dns <domain>`',
  'hosting.dns.unreadable':
    'プロバイダーの応答のうち {count, number} 件のレコードを読み取れなかったため、表示していません。',
  'hosting.dns.hint':
    '変更: `/hosting dns change <id>`　削除: `/hosting dns delete <id>`　追加: `/hosting dns add <domain> <host> <type> <value> [ttl] [priority]`',

  'hosting.cron.title': '{server} の cron ジョブ',
  'hosting.cron.empty': 'このサーバーに cron ジョブはありません。',
  'hosting.cron.row': '{state}  `{id}`  `{schedule}`  `{command}`{comment}',
  'hosting.cron.comment': ' — {comment}',
  'hosting.cron.on': ':large_green_circle: 有効',
  'hosting.cron.off': ':white_circle: 無効',
  'hosting.cron.notices': 'cron の通知先: {email}',
  'hosting.cron.unreadable':
    'プロバイダーの応答のうち {count, number} 件のジョブを読み取れなかったため、表示していません。',
  'hosting.cron.hint':
    '追加: `/hosting cron add`　変更: `/hosting cron change <id>`　無効化・有効化: `/hosting cron disable <id>` / `enable <id>`　削除: `/hosting cron delete <id>`',

  'hosting.php.title': '{server} の PHP バージョン',
  'hosting.php.title_domain': '{server} の {domain} の PHP バージョン',
  'hosting.php.offered': '選べるバージョン: {versions}',
  'hosting.php.offer_unread': 'プロバイダーが返した選択可能なバージョンの一覧を読み取れませんでした。',
  'hosting.php.row': '*{domain}*: PHP {version}',
  'hosting.php.empty': 'ドメインがありません。',
  'hosting.php.hint': '切り替え: `/hosting php set <domain> <version>`',

  'hosting.modal.dns_change.title': 'DNS レコードの変更',
  'hosting.modal.dns_change.intro':
    '{domain} のレコード `{id}` の現在の内容です。必要な箇所を変更してください。次の画面で変更前と変更後を示し、確認を求めます。',
  'hosting.modal.cron_add.title': 'cron ジョブの追加',
  'hosting.modal.cron_change.title': 'cron ジョブの変更',
  'hosting.modal.cron_change.intro':
    'ジョブ `{id}` の現在の内容です。変更するとプロバイダーが新しい ID を付けます。新しい ID はボットがお知らせします。',
  'hosting.label.host': 'ホスト',
  'hosting.hint.host': 'ドメインそのものは `@`、その下の名前なら `www` のように入力します。',
  'hosting.label.type': '種類',
  'hosting.label.content': '値',
  'hosting.hint.content': 'A レコードは IPv4 アドレス、AAAA は IPv6 アドレス、CNAME と MX はホスト名です。',
  'hosting.label.ttl': 'TTL（秒）',
  'hosting.hint.ttl': '60〜86,400 の範囲です。',
  'hosting.label.priority': '優先度',
  'hosting.hint.priority': 'MX・SRV レコード用です。空欄なら現在の値のままです。',
  'hosting.label.minute': '分',
  'hosting.label.hour': '時',
  'hosting.label.day': '日',
  'hosting.label.month': '月',
  'hosting.label.weekday': '曜日',
  'hosting.hint.schedule': '数値、毎回なら `*`、5 回ごとなら `*/5`、範囲なら `1-5` のように入力します。',
  'hosting.hint.weekday': '0 と 7 が日曜日です。毎日なら `*`。',
  'hosting.label.command': 'コマンド',
  'hosting.hint.command': 'cron が実行するコマンドです。例: /usr/bin/php /home/you/job.php',
  'hosting.label.comment': 'コメント',
  'hosting.hint.comment': '任意: ジョブの用途など。',

  'hosting.confirm.title.hosting.dns_change': 'DNS レコード {id} を変更しますか？',
  'hosting.confirm.title.hosting.dns_delete': 'DNS レコード {id} を削除しますか？',
  'hosting.confirm.title.hosting.cron_delete': 'cron ジョブ {id} を削除しますか？',
  'hosting.loss.hosting.dns_change':
    '{server} のレコード `{id}` の現在の内容: `{now}`。変更後: `{after}`。`{name}` を引く側には、キャッシュが切れた時点（TTL {ttl, number} 秒）から新しい値が返ります。',
  'hosting.loss.hosting.dns_delete':
    '{server} からレコード `{id}` を削除します: `{now}`。`{name}` を引く側には、キャッシュが切れた時点（TTL {ttl, number} 秒）からこのレコードが返らなくなります。',
  'hosting.loss.hosting.cron_delete':
    '{server} から cron ジョブ `{id}` を削除します: `{schedule}` に `{command}` を実行{comment}（{state}）。以後は実行されません。',
  'hosting.loss.cron_on': '有効',
  'hosting.loss.cron_off': '無効',

  'hosting.done.hosting.dns_add':
    '<@{user}> さんが {server} に DNS レコード `{subject}` を追加しました（ID `{created}`）。',
  'hosting.done.hosting.dns_change': '<@{user}> さんが {server} の DNS レコード `{subject}` を変更しました。',
  'hosting.done.hosting.dns_delete': '<@{user}> さんが {server} の DNS レコード `{subject}` を削除しました。',
  'hosting.done.hosting.cron_add':
    '<@{user}> さんが {server} に cron ジョブ `{subject}` を追加しました（ID `{created}`）。',
  'hosting.done.hosting.cron_change':
    '<@{user}> さんが {server} の cron ジョブ `{subject}` を変更しました。新しい ID は `{created}` です。',
  'hosting.done.hosting.cron_delete': '<@{user}> さんが {server} の cron ジョブ `{subject}` を削除しました。',
  'hosting.done.hosting.php_set':
    '<@{user}> さんが {server} の `{subject}` を PHP {created} に切り替えました。',
  'hosting.done.cron_on':
    '<@{user}> さんが {server} の cron ジョブ `{id}` を有効にしました。新しい ID は `{created}` です。',
  'hosting.done.cron_off':
    '<@{user}> さんが {server} の cron ジョブ `{id}` を無効にしました。新しい ID は `{created}` です。',

  'error.hosting_not_found.what.dns': 'DNS レコード',
  'error.hosting_not_found.what.cron': 'cron ジョブ',
  'error.hosting_not_found.dns': 'レコードと ID は `/hosting dns <domain>` で確認できます。',
  'error.hosting_not_found.cron':
    'ジョブと ID は `/hosting cron` で確認できます（ジョブの ID は変更のたびに変わります）。',

  'error.hosting_area.dns.NOT_FOUND':
    'プロバイダーにそのレコードまたはドメインがありません（{code}）。プロバイダーの説明: {message}。`/hosting dns <domain>` で一覧を表示し、そこにある ID を使ってください。ドメインはこのサーバーのもの（`/hosting domains`）である必要があります。',
  'error.hosting_area.dns.OPERATION_ERROR':
    'プロバイダーがこの DNS の変更を行えませんでした（{code}）。プロバイダーの説明: {message}。多くの場合、既存のレコードと衝突しているか（CNAME は他のレコードと同じ名前にできません）、ドメインの DNS をプロバイダーが提供していません。`/hosting dns <domain>` で確認してから再度お試しください。',
  'error.hosting_area.dns.VALIDATION_ERROR':
    'プロバイダーが受け付けない値があります（{code}）。プロバイダーの説明: {message}。値を直して（A レコードは IPv4 アドレス、AAAA は IPv6 アドレス、MX はホスト名と優先度）もう一度送ってください。',
  'error.hosting_area.dns.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.dns.other':
    'プロバイダーが DNS の変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting dns <domain>` でレコードを確認してから再度お試しください。',
  'error.hosting_area.cron.NOT_FOUND':
    'プロバイダーにその ID の cron ジョブがありません（{code}）。プロバイダーの説明: {message}。ジョブの ID は変更のたびに変わります。`/hosting cron` で現在の ID を確認してください。',
  'error.hosting_area.cron.OPERATION_ERROR':
    'プロバイダーがこの cron の変更を行えませんでした（{code}）。プロバイダーの説明: {message}。`/hosting cron` でジョブを確認してから再度お試しください。',
  'error.hosting_area.cron.VALIDATION_ERROR':
    'プロバイダーがこのジョブを受け付けませんでした（{code}）。プロバイダーの説明: {message}。スケジュールかコマンドを直してもう一度送ってください。',
  'error.hosting_area.cron.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.cron.other':
    'プロバイダーが cron の変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting cron` を確認してから再度お試しください。',
  'error.hosting_area.php.NOT_FOUND':
    'プロバイダーがそのドメインを知りません（{code}）。プロバイダーの説明: {message}。このサーバーのドメインを指定してください（`/hosting php` で一覧を表示できます）。',
  'error.hosting_area.php.OPERATION_ERROR':
    'プロバイダーが PHP バージョンを切り替えられませんでした（{code}）。プロバイダーの説明: {message}。しばらくしてから再度お試しください。現在のバージョンは `/hosting php <domain>` で確認できます。',
  'error.hosting_area.php.VALIDATION_ERROR':
    'プロバイダーがそのバージョンを受け付けませんでした（{code}）。プロバイダーの説明: {message}。`/hosting php` に表示されるバージョンを「8.3」のような形式で指定してください。',
  'error.hosting_area.php.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。ドメインとバージョンを確認して再度お試しください。',
  'error.hosting_area.php.other':
    'プロバイダーが PHP の変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting php <domain>` を確認してから再度お試しください。',

  'field.value.one_of': 'プロバイダーが受け付ける値ではありません。',
  'field.value.whole_number': '整数で入力してください。',
  'field.host.required':
    'ホストを入力してください。ドメインそのものは `@`、その下の名前なら `www` のように入力します。',
  'field.host.too_long': 'ホストは {limit, number} 文字以内で入力してください。',
  'field.type.required': 'レコードの種類（A、AAAA、CNAME、MX、TXT、SRV、CAA）を指定してください。',
  'field.type.one_of': 'プロバイダーが受け付ける種類は A、AAAA、CNAME、MX、TXT、SRV、CAA だけです。',
  'field.content.required': 'レコードの値を入力してください（例: A レコードなら IPv4 アドレス）。',
  'field.content.too_long': '値が 1 つの欄にボットが受け付ける長さ（{limit, number} 文字）を超えています。',
  'field.ttl.range':
    'TTL は 60〜{limit, number} 秒の範囲で指定してください（プロバイダーの既定値は 3,600 秒です）。',
  'field.ttl.whole_number': 'TTL は 60〜86,400 の整数（秒）で指定してください。',
  'field.priority.whole_number': '優先度は 10 のような整数で指定してください。',
  'field.dns_id.required': 'レコードの ID を指定してください（`/hosting dns <domain>` で確認できます）。',
  'field.dns_id.whole_number': 'レコードの ID は数値です（`/hosting dns <domain>` で確認できます）。',
  'field.minute.required': '分を入力してください（0〜59、`*`、`*/5` など）。',
  'field.minute.range': '分は 0〜{limit, number} の範囲です。',
  'field.hour.required': '時を入力してください（0〜23、`*`、`*/2` など）。',
  'field.hour.range': '時は 0〜{limit, number} の範囲です。',
  'field.day.required': '日を入力してください（1〜31 または `*`）。',
  'field.day.range': '日は 1〜{limit, number} の範囲です。',
  'field.month.required': '月を入力してください（1〜12 または `*`）。',
  'field.month.range': '月は 1〜{limit, number} の範囲です。',
  'field.weekday.required': '曜日を入力してください（0〜7、0 と 7 が日曜日。または `*`）。',
  'field.weekday.range': '曜日は 0〜{limit, number} の範囲です（0 と 7 が日曜日）。',
  'field.command.required': 'cron が実行するコマンドを入力してください。',
  'field.command.too_long': 'コマンドは {limit, number} 文字以内でなければプロバイダーが受け付けません。',
  'field.comment.too_long':
    'コメントが 1 つの欄にボットが受け付ける長さ（{limit, number} 文字）を超えています。',
  'field.cron_id.required': 'ジョブの ID を指定してください（`/hosting cron` で確認できます）。',
  'field.cron_id.charset': 'ジョブの ID ではありません（`/hosting cron` で確認できます）。',
  'field.version.required': '8.3 のように PHP バージョンを指定してください。',
  'field.version.one_of':
    'そのバージョンはこのサーバーでは選べません。選べるものは `/hosting php` で確認できます。',
  'hosting.help.cmd.hosting.ssl': '`/hosting [server] ssl [domain]` — SSL 証明書の一覧と各有効期限',
  'hosting.help.cmd.hosting.ssl_add':
    '`/hosting [server] ssl add <domain>` — 無料の証明書（Let’s Encrypt）を設定します。ドメインがプロバイダーのネームサーバーを使っている必要があります',
  'hosting.help.cmd.hosting.ssl_delete':
    '`/hosting [server] ssl delete <domain>` — ドメインの無料証明書を削除します。送信前に確認します',
  'usage.hosting.ssl': '使い方: `/hosting [server] ssl [domain]`、`ssl add <domain>`、`ssl delete <domain>`',
  'hosting.ssl.title': '{server} の SSL 証明書',
  'hosting.ssl.title_domain': '{server} の {domain} の SSL 証明書',
  'hosting.ssl.empty': 'SSL 証明書はありません。',
  'hosting.ssl.row': '{state}  *{domain}*  {type} · 有効期限 {expires}（{left}）',
  'hosting.ssl.free': '無料（Let’s Encrypt）',
  'hosting.ssl.paid': '有料オプション',
  'hosting.ssl.active': ':lock:',
  'hosting.ssl.expired': ':warning: 期限切れ',
  'hosting.ssl.gone': '期限切れ',
  'hosting.ssl.unreadable':
    'プロバイダーの応答のうち {count, number} 件の証明書を読み取れなかったため、表示していません。',
  'hosting.ssl.hint': '無料証明書の設定: `/hosting ssl add <domain>`　削除: `/hosting ssl delete <domain>`',
  'hosting.confirm.title.hosting.ssl_delete': '{domain} の SSL 証明書を削除しますか？',
  'hosting.loss.hosting.ssl_delete':
    '{server} から `{domain}` の{type}証明書（有効期限 {expires}）を削除します。証明書を設定し直すまで、https://{domain} を開く人には証明書の警告が表示されます。',
  'hosting.done.hosting.ssl_add':
    '<@{user}> さんが {server} の `{subject}` に無料 SSL 証明書を設定しました。',
  'hosting.done.hosting.ssl_delete': '<@{user}> さんが {server} の `{subject}` の SSL 証明書を削除しました。',
  'error.hosting_not_found.what.ssl': 'SSL 証明書の対象',
  'error.hosting_not_found.ssl': '証明書は `/hosting ssl` で確認できます。',
  'error.hosting_area.ssl.NOT_FOUND':
    'プロバイダーにそのドメインまたは証明書がありません（{code}）。プロバイダーの説明: {message}。`/hosting ssl` と `/hosting domains` を確認してください。',
  'error.hosting_area.ssl.OPERATION_ERROR':
    'プロバイダーが処理できませんでした（{code}）。プロバイダーの説明: {message}。無料証明書はプロバイダーのネームサーバーを使うドメインにだけ発行されます。ネームサーバーを `/hosting info` に表示されるものに設定し、DNS に反映されてから再度お試しください。有料の証明書はサーバーパネルでしか削除できない場合があります。',
  'error.hosting_area.ssl.VALIDATION_ERROR':
    'プロバイダーがそのドメインを受け付けませんでした（{code}）。プロバイダーの説明: {message}。`/hosting domains` に表示される、このサーバーのドメインかサブドメインを指定してください。',
  'error.hosting_area.ssl.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。ドメインを確認して再度お試しください。',
  'error.hosting_area.ssl.other':
    'プロバイダーが SSL の変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting ssl` を確認してから再度お試しください。',
} as const;

export const hostingRecordsCatalog = catalog(en, ja);
