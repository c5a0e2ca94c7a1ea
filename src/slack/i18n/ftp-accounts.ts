/**
 * /hosting's FTP accounts added and changed: their help lines, the forms,
 * the generated password shown once, the announcements. (The list and the
 * delete's words are with the access log's, hosting-logs.ts.)
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.ftp_add':
    '`/hosting [server] ftp add <account>` — add an FTP account (`user@domain`); a form asks for the password (or makes one for you), the folder, the quota and a memo',
  'hosting.help.cmd.hosting.ftp_change':
    '`/hosting [server] ftp change <account>` — change an FTP account’s password, folder, quota or memo in a form',

  'hosting.ftp.add.title': 'New FTP account',
  'hosting.ftp.add.intro': 'Adding *{account}*. Type a password, or tick the box and the bot makes one.',
  'hosting.ftp.change.title': 'Change FTP account',
  'hosting.ftp.change.intro':
    'Changing *{account}* (folder now `{directory}`). What you leave as it is stays as it is.',
  'hosting.ftp.label.password': 'Password',
  'hosting.ftp.hint.password':
    'At least {min, plural, one {# character} other {# characters}}. It goes to the provider and nowhere else: it is not kept or posted.',
  'hosting.ftp.hint.new_password': 'Leave empty to keep the current password. It is not kept or posted.',
  'hosting.ftp.label.generate': 'Or',
  'hosting.ftp.generate': 'Make a strong password for me (shown to you alone, once)',
  'hosting.ftp.label.directory': 'Folder',
  'hosting.ftp.hint.directory':
    'Optional: the folder the account may reach, such as `/public_html`. Left empty, `/`.',
  'hosting.ftp.hint.new_directory':
    'Leave empty to keep the current folder, or type a new one such as `/public_html`.',
  'hosting.ftp.label.quota': 'Quota (MB)',
  'hosting.ftp.hint.quota':
    'Optional: a whole number of MB; 0 is no limit. Left empty, the provider’s default.',
  'hosting.ftp.label.memo': 'Memo',
  'hosting.ftp.hint.memo': 'Optional: what the account is for.',
  'hosting.ftp.problem.required': 'Enter a value.',
  'hosting.ftp.problem.too_short': 'Use at least {limit, plural, one {# character} other {# characters}}.',
  'hosting.ftp.problem.too_long': 'Use at most {limit, plural, one {# character} other {# characters}}.',
  'hosting.ftp.problem.quota': 'The quota is a whole number of MB, such as `500` (0 is no limit).',
  'hosting.ftp.problem.format': 'This value is not valid.',
  'hosting.ftp.problem.both': 'Type a password or tick the box to have one made, not both.',
  'hosting.ftp.problem.password_or_generate': 'Type a password, or tick the box below to have one made.',
  'hosting.ftp.problem.account':
    'The account typed in the command is not `user@domain`. Close this form and try again.',
  'hosting.ftp.generated':
    'The FTP account *{account}* on {server} is ready. Its password, shown only to you and only this once:\n`{password}`\nPut it in your FTP client or password manager now: the bot does not keep it.',
  'hosting.ftp.generated_lost':
    'The FTP account *{account}* on {server} was added, but its password could not be shown to you. Set a new one with `/hosting ftp change <account>`.',
  'hosting.done.hosting.ftp_add': '<@{user}> added the FTP account `{subject}` on {server}.',
  'hosting.done.hosting.ftp_change': '<@{user}> changed the FTP account `{subject}` on {server}.',
  'field.ftp_account.format': 'That is not an FTP account: write it as `user@example.jp`.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.ftp_add':
    '`/hosting [サーバー] ftp add <アカウント>` — FTPアカウント（`user@domain`）を追加します。フォームでパスワード（自動生成も可）、フォルダー、容量制限、メモを入力します',
  'hosting.help.cmd.hosting.ftp_change':
    '`/hosting [サーバー] ftp change <アカウント>` — フォームでFTPアカウントのパスワード、フォルダー、容量制限、メモを変更します',

  'hosting.ftp.add.title': 'FTPアカウントの追加',
  'hosting.ftp.add.intro':
    '*{account}* を追加します。パスワードを入力するか、チェックを入れてボットに作らせてください。',
  'hosting.ftp.change.title': 'FTPアカウントの変更',
  'hosting.ftp.change.intro':
    '*{account}*（現在のフォルダー `{directory}`）を変更します。変更しない項目はそのまま残ります。',
  'hosting.ftp.label.password': 'パスワード',
  'hosting.ftp.hint.password': '{min, number} 文字以上。プロバイダーにだけ送られ、保存も投稿もされません。',
  'hosting.ftp.hint.new_password': '空欄のままなら今のパスワードを使い続けます。保存も投稿もされません。',
  'hosting.ftp.label.generate': 'または',
  'hosting.ftp.generate': '強力なパスワードを作る（あなたにだけ一度だけ表示）',
  'hosting.ftp.label.directory': 'フォルダー',
  'hosting.ftp.hint.directory':
    '任意: アカウントがアクセスできるフォルダー（例: `/public_html`）。空欄なら `/`。',
  'hosting.ftp.hint.new_directory':
    '空欄なら今のフォルダーのまま。変える場合は `/public_html` のように入力します。',
  'hosting.ftp.label.quota': '容量制限（MB）',
  'hosting.ftp.hint.quota': '任意: MB 単位の整数。0 は無制限。空欄ならプロバイダーの既定値。',
  'hosting.ftp.label.memo': 'メモ',
  'hosting.ftp.hint.memo': '任意: アカウントの用途など。',
  'hosting.ftp.problem.required': '値を入力してください。',
  'hosting.ftp.problem.too_short': '{limit, number} 文字以上で入力してください。',
  'hosting.ftp.problem.too_long': '{limit, number} 文字以内で入力してください。',
  'hosting.ftp.problem.quota': '容量制限は MB 単位の整数で入力してください（例: `500`、0 は無制限）。',
  'hosting.ftp.problem.format': 'この値は使えません。',
  'hosting.ftp.problem.both': 'パスワードの入力か自動生成のどちらか一方にしてください。',
  'hosting.ftp.problem.password_or_generate':
    'パスワードを入力するか、下のチェックを入れて自動生成してください。',
  'hosting.ftp.problem.account':
    'コマンドで指定したアカウントが `user@domain` の形式ではありません。フォームを閉じてやり直してください。',
  'hosting.ftp.generated':
    '{server} のFTPアカウント *{account}* を作成しました。パスワードはあなたにだけ、今回一度だけ表示します:\n`{password}`\nボットは保存しないので、今すぐFTPクライアントかパスワード管理ツールに登録してください。',
  'hosting.ftp.generated_lost':
    '{server} にFTPアカウント *{account}* を追加しましたが、パスワードを表示できませんでした。`/hosting ftp change <アカウント>` で新しいパスワードを設定してください。',
  'hosting.done.hosting.ftp_add': '<@{user}> さんが {server} にFTPアカウント `{subject}` を追加しました。',
  'hosting.done.hosting.ftp_change': '<@{user}> さんが {server} のFTPアカウント `{subject}` を変更しました。',
  'field.ftp_account.format':
    'FTPアカウントの形式ではありません。`user@example.jp` のように入力してください。',
} as const;

export const ftpAccountsCatalog = catalog(en, ja);
