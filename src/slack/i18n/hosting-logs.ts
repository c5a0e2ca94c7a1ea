/** /hosting's access log: its help line and usage, and its own words (its pager shares the error log's). */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.accesslog':
    '`/hosting [server] accesslog <domain> [lines] [keyword]` — the access log, or only its lines containing the keyword (quote one with spaces), e.g. `/hosting accesslog example-shop.com 200 wp-login`',
  'usage.hosting.accesslog':
    'Usage: `/hosting [server] accesslog <domain> [lines] [keyword]`, e.g. `/hosting accesslog example-shop.com 200 wp-login`; a number is the lines, a word the keyword (`keyword="GET /cart"` for one with spaces, `keyword=404` for a number).',
  'hosting.accesslog.title': 'Access log of {domain} on {server}',
  'hosting.accesslog.empty': 'No requests logged for {domain}.',
  'hosting.accesslog.empty_keyword':
    'No line of the access log of {domain} contains “{keyword}”. Try another keyword, or leave it out to read every line.',
  'hosting.accesslog.file.dm':
    'The access log of {domain} on {server} you asked for ({count, plural, one {# line} other {# lines}}):',
  'hosting.accesslog.file.dm_keyword':
    'The lines of the access log of {domain} on {server} containing “{keyword}” you asked for ({count, plural, one {# line} other {# lines}}):',
  'hosting.accesslog.file.sent':
    'Sent the whole access log of {domain} ({count, plural, one {# line} other {# lines}}) to you as a file in your direct messages with the bot.',
  'hosting.accesslog.file.sent_keyword':
    'Sent the lines of the access log of {domain} containing “{keyword}” ({count, plural, one {# line} other {# lines}}) to you as a file in your direct messages with the bot.',
  'hosting.accesslog.file.empty': 'The access log of {domain} is empty now: there is no file to send.',
  'hosting.accesslog.file.empty_keyword':
    'No line of the access log of {domain} contains “{keyword}” now: there is no file to send.',
  'hosting.accesslog.file.failed':
    'Could not send you the access log as a file (Slack said `{error}`). The log is still readable here; if this keeps happening, ask an admin to check the app’s `files:write` scope.',
  'hosting.help.cmd.hosting.ftp':
    '`/hosting [server] ftp [domain]` — the FTP accounts (of one domain, or of every domain), with their folder and quota',
  'usage.hosting.ftp':
    'Usage: `/hosting [server] ftp [domain]` (the accounts), `/hosting [server] ftp add|change|delete <account>`, e.g. `/hosting ftp add deploy@example-shop.com`.',
  'hosting.ftp.title': 'FTP accounts on {server}',
  'hosting.ftp.title_domain': 'FTP accounts of {domain} on {server}',
  'hosting.ftp.empty': 'No FTP accounts here besides the server’s main one.',
  'hosting.ftp.row': '• `{account}`  folder `{directory}`, {quota}{memo}',
  'hosting.ftp.quota': 'quota {quota, number} MB',
  'hosting.ftp.unlimited': 'no quota',
  'hosting.ftp.memo': ' — {memo}',
  'hosting.ftp.unreadable':
    '{count, plural, one {# account} other {# accounts}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.ftp.main_not_listed': 'The server’s main FTP account is not listed: the provider leaves it out.',
  'hosting.help.cmd.hosting.ftp_delete':
    '`/hosting [server] ftp delete <account>` — delete an FTP account (`user@domain`); you confirm before it is sent',
  'hosting.confirm.title.hosting.ftp_delete': 'Delete FTP account {account}?',
  'hosting.loss.hosting.ftp_delete':
    'Deleting FTP account `{account}` from {server}: folder `{directory}`, {quota}{memo}. Nobody can sign in with it any more.',
  'hosting.done.hosting.ftp_delete': '<@{user}> deleted the FTP account `{subject}` on {server}.',
  'error.hosting_not_found.what.ftp': 'FTP account',
  'error.hosting_not_found.ftp': 'See `/hosting ftp` for the accounts (named `user@domain`).',
  'error.hosting_area.ftp.NOT_FOUND':
    'The provider has no such FTP account ({code}). It said: {message}. Take the account’s name from `/hosting ftp`.',
  'error.hosting_area.ftp.OPERATION_ERROR':
    'The provider could not make this FTP change ({code}). It said: {message}. Check the accounts with `/hosting ftp`, then try again.',
  'error.hosting_area.ftp.VALIDATION_ERROR':
    'The provider does not accept a value ({code}). It said: {message}. Correct it and send it again.',
  'error.hosting_area.ftp.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.ftp.other':
    'The provider refused the FTP change ({code}). It said: {message}. Check `/hosting ftp` and try again.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.accesslog':
    '`/hosting [サーバー] accesslog <ドメイン> [行数] [キーワード]` — アクセスログ。キーワードを付けるとそれを含む行だけを表示（空白を含むなら引用符で囲む）。例: `/hosting accesslog example-shop.com 200 wp-login`',
  'usage.hosting.accesslog':
    '使い方: `/hosting [サーバー] accesslog <ドメイン> [行数] [キーワード]`（例: `/hosting accesslog example-shop.com 200 wp-login`）。数字は行数、それ以外の語はキーワードとして扱います（空白を含むなら `keyword="GET /cart"`、数字を探すなら `keyword=404`）。',
  'hosting.accesslog.title': '{server} の {domain} のアクセスログ',
  'hosting.accesslog.empty': '{domain} へのアクセスは記録されていません。',
  'hosting.accesslog.empty_keyword':
    '{domain} のアクセスログに「{keyword}」を含む行はありません。別のキーワードを試すか、キーワードを省いてすべての行を表示してください。',
  'hosting.accesslog.file.dm': 'ご依頼の {server} の {domain} のアクセスログです（{count, number}行）:',
  'hosting.accesslog.file.dm_keyword':
    'ご依頼の {server} の {domain} のアクセスログのうち「{keyword}」を含む行です（{count, number}行）:',
  'hosting.accesslog.file.sent':
    '{domain} のアクセスログ全体（{count, number}行）を、ボットとのダイレクトメッセージにファイルで送りました。',
  'hosting.accesslog.file.sent_keyword':
    '{domain} のアクセスログのうち「{keyword}」を含む行（{count, number}行）を、ボットとのダイレクトメッセージにファイルで送りました。',
  'hosting.accesslog.file.empty': '{domain} のアクセスログは現在空のため、送るファイルはありません。',
  'hosting.accesslog.file.empty_keyword':
    '{domain} のアクセスログに「{keyword}」を含む行は現在ないため、送るファイルはありません。',
  'hosting.accesslog.file.failed':
    'アクセスログをファイルで送れませんでした（Slackのエラー: `{error}`）。ログはここで引き続き読めます。繰り返す場合は、アプリの `files:write` スコープを管理者に確認してもらってください。',
  'hosting.help.cmd.hosting.ftp':
    '`/hosting [サーバー] ftp [ドメイン]` — FTPアカウントの一覧（ドメインを指定するとそのドメインのもの）。フォルダーと容量制限も表示',
  'usage.hosting.ftp':
    '使い方: `/hosting [サーバー] ftp [ドメイン]`（アカウントの一覧）、`/hosting [サーバー] ftp add|change|delete <アカウント>`（例: `/hosting ftp add deploy@example-shop.com`）。',
  'hosting.ftp.title': '{server} のFTPアカウント',
  'hosting.ftp.title_domain': '{server} の {domain} のFTPアカウント',
  'hosting.ftp.empty': 'サーバーのメインアカウント以外に、FTPアカウントはありません。',
  'hosting.ftp.row': '• `{account}`　フォルダー `{directory}`、{quota}{memo}',
  'hosting.ftp.quota': '容量制限 {quota, number} MB',
  'hosting.ftp.unlimited': '容量制限なし',
  'hosting.ftp.memo': ' — {memo}',
  'hosting.ftp.unreadable':
    'プロバイダーの応答のうち {count, number} 件のアカウントを読み取れなかったため、表示していません。',
  'hosting.ftp.main_not_listed':
    'サーバーのメインFTPアカウントは、プロバイダーが一覧に含めないため表示されません。',
  'hosting.help.cmd.hosting.ftp_delete':
    '`/hosting [サーバー] ftp delete <アカウント>` — FTPアカウント（`user@domain`）を削除します。送信前に確認します',
  'hosting.confirm.title.hosting.ftp_delete': 'FTPアカウント {account} を削除しますか？',
  'hosting.loss.hosting.ftp_delete':
    '{server} からFTPアカウント `{account}` を削除します: フォルダー `{directory}`、{quota}{memo}。以後このアカウントではログインできなくなります。',
  'hosting.done.hosting.ftp_delete': '<@{user}> さんが {server} のFTPアカウント `{subject}` を削除しました。',
  'error.hosting_not_found.what.ftp': 'FTPアカウント',
  'error.hosting_not_found.ftp': 'アカウント（`user@domain` の形式）は `/hosting ftp` で確認できます。',
  'error.hosting_area.ftp.NOT_FOUND':
    'プロバイダーにそのFTPアカウントがありません（{code}）。プロバイダーの説明: {message}。`/hosting ftp` に表示されるアカウント名を指定してください。',
  'error.hosting_area.ftp.OPERATION_ERROR':
    'プロバイダーがこのFTPの変更を行えませんでした（{code}）。プロバイダーの説明: {message}。`/hosting ftp` でアカウントを確認してから再度お試しください。',
  'error.hosting_area.ftp.VALIDATION_ERROR':
    'プロバイダーが受け付けない値があります（{code}）。プロバイダーの説明: {message}。値を直してもう一度送ってください。',
  'error.hosting_area.ftp.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.ftp.other':
    'プロバイダーがFTPの変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting ftp` を確認してから再度お試しください。',
} as const;

export const hostingLogsCatalog = catalog(en, ja);
