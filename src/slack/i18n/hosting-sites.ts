/**
 * /hosting's domains, subdomains, WordPress sites and databases beyond adding
 * them: memos changed, deletes confirmed, the databases, their users and
 * grants, a database user's password; and the read fields the reference adds
 * (server information, usage, domain detail).
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.domain_change':
    '`/hosting [server] domain change <domain>` — change a domain’s memo (a form shows the one it has)',
  'hosting.help.cmd.hosting.domain_delete':
    '`/hosting [server] domain delete <domain> [delete-files]` — remove a domain from the server; with `delete-files` its folder goes too (you confirm before it is sent)',
  'hosting.help.cmd.hosting.subdomain_change':
    '`/hosting [server] subdomain change <fqdn>` — change a subdomain’s memo (a form)',
  'hosting.help.cmd.hosting.subdomain_delete':
    '`/hosting [server] subdomain delete <fqdn> [delete-files]` — remove a subdomain; with `delete-files` its folder goes too (you confirm first)',
  'hosting.help.cmd.hosting.wp_change':
    '`/hosting [server] wp change <id>` — change a WordPress site’s memo (a form; ids: `/hosting wp`)',
  'hosting.help.cmd.hosting.db':
    '`/hosting [server] db` — the MySQL databases with their size, users and memo; `db users` the users; `db grants <db_user>` the databases a user reaches',
  'hosting.help.cmd.hosting.db_change':
    '`/hosting [server] db change <db_name>` — change a database’s memo (a form)',
  'hosting.help.cmd.hosting.db_delete':
    '`/hosting [server] db delete <db_name>` — delete a database and everything in it (you confirm first)',
  'hosting.help.cmd.hosting.db_user_change':
    '`/hosting [server] db user change <db_user>` — a user’s new password (typed, or made for you) and memo, in a form',
  'hosting.help.cmd.hosting.db_user_delete':
    '`/hosting [server] db user delete <db_user>` — delete a MySQL user (you confirm first)',
  'hosting.help.cmd.hosting.db_revoke':
    '`/hosting [server] db revoke <db_user> <db_name>` — take a database away from a user (you confirm first)',

  'usage.hosting.domain_change':
    'Usage: `/hosting [server] domain change <domain>` (a form asks the memo), e.g. `/hosting domain change example.jp`.',
  'usage.hosting.domain_delete':
    'Usage: `/hosting [server] domain delete <domain> [delete-files]`, e.g. `/hosting domain delete old-shop.jp delete-files`; without `delete-files` the folder stays.',
  'usage.hosting.subdomain_change':
    'Usage: `/hosting [server] subdomain change <fqdn>` (a form asks the memo).',
  'usage.hosting.subdomain_delete':
    'Usage: `/hosting [server] subdomain delete <fqdn> [delete-files]`, e.g. `/hosting subdomain delete blog.example.jp`.',
  'usage.hosting.wp_change':
    'Usage: `/hosting [server] wp change <id>` (a form asks the memo; ids: `/hosting wp`).',
  'usage.hosting.db_change':
    'Usage: `/hosting [server] db change <db_name>` (a form asks the memo; names: `/hosting db`).',
  'usage.hosting.db_delete': 'Usage: `/hosting [server] db delete <db_name>` (names: `/hosting db`).',
  'usage.hosting.db_grants': 'Usage: `/hosting [server] db grants <db_user>` (users: `/hosting db users`).',
  'usage.hosting.db_revoke': 'Usage: `/hosting [server] db revoke <db_user> <db_name>`.',
  'usage.hosting.db_users':
    'Usage: `/hosting [server] db users`, `db user create`, `db user change <db_user>`, `db user delete <db_user>`.',
  'usage.hosting.db_user_change':
    'Usage: `/hosting [server] db user change <db_user>` (a form asks the rest).',
  'usage.hosting.db_user_delete': 'Usage: `/hosting [server] db user delete <db_user>`.',

  'hosting.done.hosting.domain_change': '<@{user}> changed the memo of the domain `{subject}` on {server}.',
  'hosting.done.hosting.domain_delete': '<@{user}> deleted the domain `{subject}` from {server}.',
  'hosting.done.hosting.subdomain_change':
    '<@{user}> changed the memo of the subdomain `{subject}` on {server}.',
  'hosting.done.hosting.subdomain_delete': '<@{user}> deleted the subdomain `{subject}` from {server}.',
  'hosting.done.hosting.wp_change':
    '<@{user}> changed the memo of the WordPress site `{subject}` on {server}.',
  'hosting.done.hosting.db_change': '<@{user}> changed the memo of the database `{subject}` on {server}.',
  'hosting.done.hosting.db_delete': '<@{user}> deleted the database `{subject}` on {server}.',
  'hosting.done.hosting.db_user_change': '<@{user}> changed the database user `{subject}` on {server}.',
  'hosting.done.hosting.db_user_delete': '<@{user}> deleted the database user `{subject}` on {server}.',
  'hosting.done.hosting.db_revoke': '<@{user}> revoked `{subject}` on {server}.',

  'hosting.confirm.title.hosting.domain_delete': 'Delete domain {domain}?',
  'hosting.confirm.title.hosting.subdomain_delete': 'Delete subdomain {subdomain}?',
  'hosting.confirm.title.hosting.db_delete': 'Delete database {name}?',
  'hosting.confirm.title.hosting.db_user_delete': 'Delete database user {name}?',
  'hosting.confirm.title.hosting.db_revoke': 'Take {name} away from {user}?',
  'hosting.loss.hosting.domain_delete':
    'Deleting the domain `{domain}` from {server}: its settings on the server are lost. {files} WordPress sites on it now: {sites}.',
  'hosting.loss.hosting.subdomain_delete':
    'Deleting the subdomain `{subdomain}`{memo} from {server}: its settings on the server are lost. {files}',
  'hosting.loss.hosting.db_delete':
    'Deleting the database `{name}`{memo} on {server}, with the {size} MB of data in it. Users who reach it now: {users}. The data cannot be brought back.',
  'hosting.loss.hosting.db_user_delete':
    'Deleting the database user `{name}`{memo} on {server}: anything that signs in with it stops working. Databases it reaches now: {databases}.',
  'hosting.loss.hosting.db_revoke':
    'The user `{user}` on {server} will no longer reach the database `{name}`: anything using that user for it stops working. The database and its data stay.',
  'hosting.sites.loss.files_kept': 'Its folder and files stay on the server.',
  'hosting.sites.loss.files_lost': 'Its folder `{root}` is deleted too, with every file in it.',
  'hosting.sites.loss.files_lost_unknown':
    'Its folder is deleted too, with every file in it (the provider did not say where it is).',
  'hosting.sites.reset.all': 'Everything is reset (`all`): the web area and the other settings.',
  'hosting.sites.reset.web': 'Only the web area is reset (`web`); the other settings stay.',
  'hosting.sites.reset.other':
    'The settings other than the web area are reset (`other`); the web area stays.',

  'hosting.db.title': 'MySQL databases on {server}',
  'hosting.db.row': '• `{name}`  {size} MB, {version}; users: {users}{memo}',
  'hosting.db.no_users': 'none',
  'hosting.db.empty': 'No MySQL databases here yet. Create one with `/hosting db create`.',
  'hosting.db.hint':
    'Change a memo with `/hosting db change <db_name>`; the users are in `/hosting db users`.',
  'hosting.db_users.title': 'MySQL users on {server}',
  'hosting.db_users.row': '• `{name}`  {version}{memo}',
  'hosting.db_users.empty': 'No MySQL users here yet. Create one with `/hosting db user create`.',
  'hosting.db_users.hint':
    'The databases a user reaches: `/hosting db grants <db_user>`. A new password or memo: `/hosting db user change <db_user>`.',
  'hosting.db_grants.title': 'Databases {user} reaches on {server}',
  'hosting.db_grants.empty':
    '`{user}` reaches no database. Give it one with `/hosting db grant {user} <db_name>`.',
  'hosting.db_grants.hint': 'Take one away with `/hosting db revoke {user} <db_name>`.',
  'hosting.db_user.no_databases': 'none',
  'hosting.sites.unreadable':
    '{count, plural, one {# item} other {# items}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',

  'hosting.sites.form.domain_change': 'Domain memo',
  'hosting.sites.form.subdomain_change': 'Subdomain memo',
  'hosting.sites.form.wp_change': 'WordPress memo',
  'hosting.sites.form.db_change': 'Database memo',
  'hosting.sites.form.db_user_change': 'Database user',
  'hosting.sites.intro.domain': 'The memo of the domain *{name}*{about}.',
  'hosting.sites.intro.subdomain': 'The memo of the subdomain *{name}*{about}.',
  'hosting.sites.intro.wp': 'The memo of the WordPress site *{name}*{about}.',
  'hosting.sites.intro.db': 'The memo of the database *{name}*{about}.',
  'hosting.sites.intro.db_user': 'The MySQL user *{name}*: a new password, and its memo.',
  'hosting.sites.label.memo': 'Memo',
  'hosting.sites.hint.memo': 'What you write here replaces the memo; leave it empty to clear it.',
  'hosting.sites.hint.wp_memo':
    'At most {limit, plural, one {# character} other {# characters}}. What you write replaces the memo; leave it empty to clear it.',
  'hosting.sites.label.password': 'New password',
  'hosting.sites.hint.password':
    'Leave it empty to keep the current password. Whatever uses this user needs the new one.',
  'hosting.sites.label.generate': 'Or',
  'hosting.sites.generate': 'Make a strong password for me (shown to me once)',
  'hosting.sites.problem.both': 'Type a password or tick the box to have one made, not both.',
  'hosting.sites.problem.too_long': 'Use at most {limit, plural, one {# character} other {# characters}}.',
  'hosting.sites.generated':
    'The MySQL user *{user}* on {server} has a new password, shown only to you and only this once:\n`{password}`\nPut it where the site or app reads it, or in your password manager, now: the bot does not keep it.',
  'hosting.sites.generated_lost':
    'The MySQL user *{user}* on {server} got a new password, but it could not be shown to you. Set another one with `/hosting db user change {user}`.',

  'hosting.sites.awaiting': '(still taking effect)',
  'hosting.sites.detail.php': 'PHP version',
  'hosting.sites.detail.type': 'Kind',
  'hosting.sites.detail.created': 'Added on',
  'hosting.sites.detail.memo': 'Memo',
  'hosting.sites.detail.awaiting':
    'A change to this domain is still taking effect at the provider: it may not answer as set yet.',
  'hosting.sites.wp_extra': ' · WordPress {version} · database `{db}`, user `{user}`',
  'hosting.info.server_id': 'Server ID',
  'hosting.info.os': 'OS',
  'hosting.info.cpu': 'CPU',
  'hosting.info.memory': 'Memory',
  'hosting.info.apache': 'Apache',
  'hosting.info.perl': 'Perl versions',
  'hosting.usage.disk': 'Disk: {used} GB of {quota} GB used ({percent}%).',
  'hosting.usage.no_file_limit': 'A file limit of 0 means no limit.',
  'hosting.usage.counts_note':
    'The provider counts the domains without the server’s initial one, and the FTP accounts without its main one.',

  'error.hosting_not_found.what.domain': 'domain',
  'error.hosting_not_found.domain': 'See `/hosting domains` for the domains.',
  'error.hosting_not_found.what.subdomain': 'subdomain',
  'error.hosting_not_found.subdomain': 'See `/hosting subdomains` for the subdomains.',
  'error.hosting_not_found.what.db': 'database',
  'error.hosting_not_found.db': 'See `/hosting db` for the databases, named with the server’s prefix.',
  'error.hosting_not_found.what.db_user': 'database user',
  'error.hosting_not_found.db_user': 'See `/hosting db users` for the users, named with the server’s prefix.',
  'error.hosting_not_found.what.grant': 'grant',
  'error.hosting_not_found.grant': 'See `/hosting db grants <db_user>` for the databases a user reaches.',
  'error.hosting_area.domain.NOT_FOUND':
    'The provider has no such domain, subdomain or site ({code}). It said: {message}. Take the name from `/hosting domains`, `/hosting subdomains` or `/hosting wp`.',
  'error.hosting_area.domain.OPERATION_ERROR':
    'The provider could not make this change now ({code}). It said: {message}. Check the domain with `/hosting domain <name>`, then try again.',
  'error.hosting_area.domain.VALIDATION_ERROR':
    'The provider does not accept a value ({code}). It said: {message}. Correct it and send it again.',
  'error.hosting_area.domain.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.domain.other':
    'The provider refused the change ({code}). It said: {message}. Check `/hosting domains` and try again.',
  'error.hosting_area.db.NOT_FOUND':
    'The provider has no such database or MySQL user ({code}). It said: {message}. Take the name from `/hosting db` or `/hosting db users`.',
  'error.hosting_area.db.OPERATION_ERROR':
    'The provider could not make this database change now ({code}). It said: {message}. Check `/hosting db`, then try again.',
  'error.hosting_area.db.VALIDATION_ERROR':
    'The provider does not accept a value ({code}). It said: {message}. Correct it and send it again.',
  'error.hosting_area.db.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.db.other':
    'The provider refused the database change ({code}). It said: {message}. Check `/hosting db` and try again.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.domain_change':
    '`/hosting [サーバー] domain change <ドメイン>` — ドメインのメモを変更（現在のメモをフォームに表示）',
  'hosting.help.cmd.hosting.domain_delete':
    '`/hosting [サーバー] domain delete <ドメイン> [delete-files]` — ドメインをサーバーから削除。`delete-files` を付けるとフォルダーも削除（送信前に確認）',
  'hosting.help.cmd.hosting.subdomain_change':
    '`/hosting [サーバー] subdomain change <FQDN>` — サブドメインのメモを変更（フォームで入力）',
  'hosting.help.cmd.hosting.subdomain_delete':
    '`/hosting [サーバー] subdomain delete <FQDN> [delete-files]` — サブドメインを削除。`delete-files` を付けるとフォルダーも削除（送信前に確認）',
  'hosting.help.cmd.hosting.wp_change':
    '`/hosting [サーバー] wp change <ID>` — WordPressのメモを変更（フォームで入力。IDは `/hosting wp` で確認）',
  'hosting.help.cmd.hosting.db':
    '`/hosting [サーバー] db` — MySQLデータベースの一覧（容量・ユーザー・メモ）。`db users` でユーザー一覧、`db grants <DBユーザー>` でユーザーが使えるデータベース',
  'hosting.help.cmd.hosting.db_change':
    '`/hosting [サーバー] db change <DB名>` — データベースのメモを変更（フォームで入力）',
  'hosting.help.cmd.hosting.db_delete':
    '`/hosting [サーバー] db delete <DB名>` — データベースを中身ごと削除（送信前に確認）',
  'hosting.help.cmd.hosting.db_user_change':
    '`/hosting [サーバー] db user change <DBユーザー>` — ユーザーの新しいパスワード（入力または自動生成）とメモをフォームで変更',
  'hosting.help.cmd.hosting.db_user_delete':
    '`/hosting [サーバー] db user delete <DBユーザー>` — MySQLユーザーを削除（送信前に確認）',
  'hosting.help.cmd.hosting.db_revoke':
    '`/hosting [サーバー] db revoke <DBユーザー> <DB名>` — ユーザーからデータベースの権限を外す（送信前に確認）',

  'usage.hosting.domain_change':
    '使い方: `/hosting [サーバー] domain change <ドメイン>`（メモはフォームで入力。例: `/hosting domain change example.jp`）',
  'usage.hosting.domain_delete':
    '使い方: `/hosting [サーバー] domain delete <ドメイン> [delete-files]`（例: `/hosting domain delete old-shop.jp delete-files`）。`delete-files` を付けなければフォルダーは残ります。',
  'usage.hosting.subdomain_change':
    '使い方: `/hosting [サーバー] subdomain change <FQDN>`（メモはフォームで入力）',
  'usage.hosting.subdomain_delete':
    '使い方: `/hosting [サーバー] subdomain delete <FQDN> [delete-files]`（例: `/hosting subdomain delete blog.example.jp`）',
  'usage.hosting.wp_change':
    '使い方: `/hosting [サーバー] wp change <ID>`（メモはフォームで入力。IDは `/hosting wp` で確認）',
  'usage.hosting.db_change':
    '使い方: `/hosting [サーバー] db change <DB名>`（メモはフォームで入力。DB名は `/hosting db` で確認）',
  'usage.hosting.db_delete': '使い方: `/hosting [サーバー] db delete <DB名>`（DB名は `/hosting db` で確認）',
  'usage.hosting.db_grants':
    '使い方: `/hosting [サーバー] db grants <DBユーザー>`（ユーザーは `/hosting db users` で確認）',
  'usage.hosting.db_revoke': '使い方: `/hosting [サーバー] db revoke <DBユーザー> <DB名>`',
  'usage.hosting.db_users':
    '使い方: `/hosting [サーバー] db users`、`db user create`、`db user change <DBユーザー>`、`db user delete <DBユーザー>`',
  'usage.hosting.db_user_change':
    '使い方: `/hosting [サーバー] db user change <DBユーザー>`（残りはフォームで入力）',
  'usage.hosting.db_user_delete': '使い方: `/hosting [サーバー] db user delete <DBユーザー>`',

  'hosting.done.hosting.domain_change':
    '<@{user}> さんが {server} のドメイン `{subject}` のメモを変更しました。',
  'hosting.done.hosting.domain_delete': '<@{user}> さんが {server} からドメイン `{subject}` を削除しました。',
  'hosting.done.hosting.subdomain_change':
    '<@{user}> さんが {server} のサブドメイン `{subject}` のメモを変更しました。',
  'hosting.done.hosting.subdomain_delete':
    '<@{user}> さんが {server} からサブドメイン `{subject}` を削除しました。',
  'hosting.done.hosting.wp_change':
    '<@{user}> さんが {server} のWordPress `{subject}` のメモを変更しました。',
  'hosting.done.hosting.db_change':
    '<@{user}> さんが {server} のデータベース `{subject}` のメモを変更しました。',
  'hosting.done.hosting.db_delete': '<@{user}> さんが {server} のデータベース `{subject}` を削除しました。',
  'hosting.done.hosting.db_user_change':
    '<@{user}> さんが {server} のデータベースユーザー `{subject}` を変更しました。',
  'hosting.done.hosting.db_user_delete':
    '<@{user}> さんが {server} のデータベースユーザー `{subject}` を削除しました。',
  'hosting.done.hosting.db_revoke': '<@{user}> さんが {server} で `{subject}` の権限を外しました。',

  'hosting.confirm.title.hosting.domain_delete': 'ドメイン {domain} を削除しますか？',
  'hosting.confirm.title.hosting.subdomain_delete': 'サブドメイン {subdomain} を削除しますか？',
  'hosting.confirm.title.hosting.db_delete': 'データベース {name} を削除しますか？',
  'hosting.confirm.title.hosting.db_user_delete': 'データベースユーザー {name} を削除しますか？',
  'hosting.confirm.title.hosting.db_revoke': '{user} から {name} の権限を外しますか？',
  'hosting.loss.hosting.domain_delete':
    '{server} からドメイン `{domain}` を削除します。サーバー上のこのドメインの設定は失われます。{files}現在このドメインにあるWordPress: {sites}',
  'hosting.loss.hosting.subdomain_delete':
    '{server} からサブドメイン `{subdomain}`{memo} を削除します。サーバー上のこのサブドメインの設定は失われます。{files}',
  'hosting.loss.hosting.db_delete':
    '{server} のデータベース `{name}`{memo} を、中のデータ {size} MB ごと削除します。現在使っているユーザー: {users}。データは元に戻せません。',
  'hosting.loss.hosting.db_user_delete':
    '{server} のデータベースユーザー `{name}`{memo} を削除します。このユーザーで接続しているものは動かなくなります。現在使えるデータベース: {databases}',
  'hosting.loss.hosting.db_revoke':
    '{server} のユーザー `{user}` は、データベース `{name}` を使えなくなります。このユーザーでそのデータベースを使っているものは動かなくなります。データベースとデータは残ります。',
  'hosting.sites.loss.files_kept': 'フォルダーとファイルはサーバーに残ります。',
  'hosting.sites.loss.files_lost': 'フォルダー `{root}` も、中のファイルごと削除されます。',
  'hosting.sites.loss.files_lost_unknown':
    'フォルダーも中のファイルごと削除されます（場所はプロバイダーから返されませんでした）。',
  'hosting.sites.reset.all': 'すべてを初期化します（`all`）: Web領域とそれ以外の設定の両方です。',
  'hosting.sites.reset.web': 'Web領域だけを初期化します（`web`）。それ以外の設定は残ります。',
  'hosting.sites.reset.other': 'Web領域以外の設定を初期化します（`other`）。Web領域は残ります。',

  'hosting.db.title': '{server} のMySQLデータベース',
  'hosting.db.row': '• `{name}`　{size} MB、{version}、ユーザー: {users}{memo}',
  'hosting.db.no_users': 'なし',
  'hosting.db.empty': 'MySQLデータベースはまだありません。`/hosting db create` で作成できます。',
  'hosting.db.hint':
    'メモは `/hosting db change <DB名>` で変更できます。ユーザーは `/hosting db users` で確認できます。',
  'hosting.db_users.title': '{server} のMySQLユーザー',
  'hosting.db_users.row': '• `{name}`　{version}{memo}',
  'hosting.db_users.empty': 'MySQLユーザーはまだいません。`/hosting db user create` で作成できます。',
  'hosting.db_users.hint':
    'ユーザーが使えるデータベースは `/hosting db grants <DBユーザー>`、新しいパスワードやメモは `/hosting db user change <DBユーザー>` で。',
  'hosting.db_grants.title': '{server} で {user} が使えるデータベース',
  'hosting.db_grants.empty':
    '`{user}` が使えるデータベースはありません。`/hosting db grant {user} <DB名>` で権限を付与できます。',
  'hosting.db_grants.hint': '権限を外すには `/hosting db revoke {user} <DB名>`。',
  'hosting.db_user.no_databases': 'なし',
  'hosting.sites.unreadable':
    'プロバイダーの応答のうち {count, number} 件を読み取れなかったため、表示していません。',

  'hosting.sites.form.domain_change': 'ドメインのメモ',
  'hosting.sites.form.subdomain_change': 'サブドメインのメモ',
  'hosting.sites.form.wp_change': 'WordPressのメモ',
  'hosting.sites.form.db_change': 'データベースのメモ',
  'hosting.sites.form.db_user_change': 'データベースユーザー',
  'hosting.sites.intro.domain': 'ドメイン *{name}*{about} のメモです。',
  'hosting.sites.intro.subdomain': 'サブドメイン *{name}*{about} のメモです。',
  'hosting.sites.intro.wp': 'WordPress *{name}*{about} のメモです。',
  'hosting.sites.intro.db': 'データベース *{name}*{about} のメモです。',
  'hosting.sites.intro.db_user': 'MySQLユーザー *{name}* の新しいパスワードとメモです。',
  'hosting.sites.label.memo': 'メモ',
  'hosting.sites.hint.memo': 'ここに書いた内容で今のメモを置き換えます。空にするとメモを消します。',
  'hosting.sites.hint.wp_memo':
    '{limit, number} 文字以内。ここに書いた内容で今のメモを置き換えます。空にするとメモを消します。',
  'hosting.sites.label.password': '新しいパスワード',
  'hosting.sites.hint.password':
    '空のままなら今のパスワードを使い続けます。変えた場合は、このユーザーを使うサイトやアプリの設定も更新が必要です。',
  'hosting.sites.label.generate': 'または',
  'hosting.sites.generate': '強いパスワードを自動生成する（自分にだけ一度表示）',
  'hosting.sites.problem.both':
    'パスワードを入力するか、自動生成にチェックを入れるか、どちらか一方にしてください。',
  'hosting.sites.problem.too_long': '{limit, number} 文字以内で入力してください。',
  'hosting.sites.generated':
    '{server} のMySQLユーザー *{user}* に新しいパスワードを設定しました。あなたにだけ、今回だけ表示します:\n`{password}`\nボットは保存しないので、今すぐサイトやアプリの設定、またはパスワード管理ツールに登録してください。',
  'hosting.sites.generated_lost':
    '{server} のMySQLユーザー *{user}* に新しいパスワードを設定しましたが、表示できませんでした。`/hosting db user change {user}` でもう一度設定してください。',

  'hosting.sites.awaiting': '（設定の反映待ち）',
  'hosting.sites.detail.php': 'PHPバージョン',
  'hosting.sites.detail.type': '種別',
  'hosting.sites.detail.created': '追加日',
  'hosting.sites.detail.memo': 'メモ',
  'hosting.sites.detail.awaiting':
    'このドメインの設定はプロバイダー側でまだ反映中です。設定どおりに応答しないことがあります。',
  'hosting.sites.wp_extra': ' · WordPress {version} · データベース `{db}`、ユーザー `{user}`',
  'hosting.info.server_id': 'サーバーID',
  'hosting.info.os': 'OS',
  'hosting.info.cpu': 'CPU',
  'hosting.info.memory': 'メモリ',
  'hosting.info.apache': 'Apache',
  'hosting.info.perl': 'Perlバージョン',
  'hosting.usage.disk': 'ディスク: {quota} GB 中 {used} GB 使用（{percent}%）',
  'hosting.usage.no_file_limit': 'ファイル数の上限 0 は「上限なし」です。',
  'hosting.usage.counts_note':
    'ドメイン数は初期ドメインを、FTPアカウント数はメインアカウントを含みません（プロバイダーの数え方）。',

  'error.hosting_not_found.what.domain': 'ドメイン',
  'error.hosting_not_found.domain': 'ドメインは `/hosting domains` で確認できます。',
  'error.hosting_not_found.what.subdomain': 'サブドメイン',
  'error.hosting_not_found.subdomain': 'サブドメインは `/hosting subdomains` で確認できます。',
  'error.hosting_not_found.what.db': 'データベース',
  'error.hosting_not_found.db':
    'データベース（サーバーIDの接頭辞付きの名前）は `/hosting db` で確認できます。',
  'error.hosting_not_found.what.db_user': 'データベースユーザー',
  'error.hosting_not_found.db_user':
    'ユーザー（サーバーIDの接頭辞付きの名前）は `/hosting db users` で確認できます。',
  'error.hosting_not_found.what.grant': '権限',
  'error.hosting_not_found.grant':
    'ユーザーが使えるデータベースは `/hosting db grants <DBユーザー>` で確認できます。',
  'error.hosting_area.domain.NOT_FOUND':
    'プロバイダーにそのドメイン、サブドメイン、サイトがありません（{code}）。プロバイダーの説明: {message}。`/hosting domains`、`/hosting subdomains`、`/hosting wp` に表示される名前を指定してください。',
  'error.hosting_area.domain.OPERATION_ERROR':
    'プロバイダーがいまこの変更を行えませんでした（{code}）。プロバイダーの説明: {message}。`/hosting domain <ドメイン>` で状態を確認してから再度お試しください。',
  'error.hosting_area.domain.VALIDATION_ERROR':
    'プロバイダーが受け付けない値があります（{code}）。プロバイダーの説明: {message}。値を直してもう一度送ってください。',
  'error.hosting_area.domain.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.domain.other':
    'プロバイダーが変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting domains` を確認してから再度お試しください。',
  'error.hosting_area.db.NOT_FOUND':
    'プロバイダーにそのデータベースまたはMySQLユーザーがありません（{code}）。プロバイダーの説明: {message}。`/hosting db` または `/hosting db users` に表示される名前を指定してください。',
  'error.hosting_area.db.OPERATION_ERROR':
    'プロバイダーがいまこのデータベースの変更を行えませんでした（{code}）。プロバイダーの説明: {message}。`/hosting db` を確認してから再度お試しください。',
  'error.hosting_area.db.VALIDATION_ERROR':
    'プロバイダーが受け付けない値があります（{code}）。プロバイダーの説明: {message}。値を直してもう一度送ってください。',
  'error.hosting_area.db.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.db.other':
    'プロバイダーがデータベースの変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting db` を確認してから再度お試しください。',
} as const;

export const hostingSitesCatalog = catalog(en, ja);
