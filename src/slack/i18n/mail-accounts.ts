/**
 * /hosting's mail accounts: their help lines and usage, the list, one
 * account, the form that creates one, the generated password shown once,
 * the delete's confirmation and announcements.
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.mail':
    '`/hosting [server] mail [domain]` — the mail accounts (of one domain, or of every domain); `mail show <address>` for one account’s quota and usage',
  'hosting.help.cmd.hosting.mail_add':
    '`/hosting [server] mail add <address>` — create a mail account; a form asks for the password (or makes one for you), the quota and a memo',
  'hosting.help.cmd.hosting.mail_delete':
    '`/hosting [server] mail delete <address>` — delete a mail account and the mail in it; you confirm before it is sent',
  'hosting.help.cmd.hosting.mail_change':
    '`/hosting [server] mail change <address>` — change an account’s quota, memo or password in a form',
  'hosting.help.cmd.hosting.mail_forward':
    '`/hosting [server] mail forward <address>` — where the account’s mail is forwarded; `mail forward set <address>` changes it in a form',
  'usage.hosting.mail':
    'Usage: `/hosting [server] mail [domain]`, or `mail show|add|change|delete <address>`, `mail forward [set] <address>`, e.g. `/hosting mail add info@example.jp`.',

  'hosting.mail.title': 'Mail accounts on {server}',
  'hosting.mail.title_domain': 'Mail accounts of {domain} on {server}',
  'hosting.mail.empty': 'No mail accounts here.',
  'hosting.mail.row': '*{address}*  · quota {quota, number} MB{memo}',
  'hosting.mail.unreadable':
    '{count, plural, one {# account} other {# accounts}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.mail.hint':
    'Usage and quota: `/hosting mail show <address>`   Create: `/hosting mail add <address>`   Delete: `/hosting mail delete <address>`',
  'hosting.mail.show.title': '{address} on {server}',
  'hosting.mail.show.usage': '*Used:* {used} MB of {quota} MB ({percent} %)',
  'hosting.mail.show.memo': '*Memo:* {memo}',
  'hosting.mail.show.no_memo': 'none',
  'hosting.mail.show.hint': 'Delete it: `/hosting mail delete <address>` (you confirm first).',

  'hosting.mail.add.title': 'New mail account',
  'hosting.mail.add.intro': 'Creating *{address}*. Type a password, or tick the box and the bot makes one.',
  'hosting.mail.label.password': 'Password',
  'hosting.mail.hint.password':
    'At least {min, number} characters. It goes to the provider and nowhere else: it is not kept or posted.',
  'hosting.mail.label.generate': 'Or',
  'hosting.mail.generate': 'Make a strong password for me (shown to you alone, once)',
  'hosting.mail.label.quota': 'Quota (MB)',
  'hosting.mail.hint.quota': 'Optional: 1 to 50,000 MB. Left empty, the provider’s default.',
  'hosting.mail.label.memo': 'Memo',
  'hosting.mail.hint.memo': 'Optional: what the account is for.',

  'hosting.mail.change.title': 'Change mail account',
  'hosting.mail.change.intro': 'Changing *{address}*. What you leave as it is stays as it is.',
  'hosting.mail.hint.new_password': 'Leave empty to keep the current password. It is not kept or posted.',
  'hosting.mail.forward.title': 'Mail forwarding',
  'hosting.mail.forward.intro':
    'Where mail to *{address}* is forwarded. The list replaces the current one; an empty list stops forwarding.',
  'hosting.mail.label.forwarding': 'Forward to',
  'hosting.mail.hint.forwarding': 'One address a line.',
  'hosting.mail.label.keep': 'Mailbox',
  'hosting.mail.forward.keep': 'Keep a copy in this mailbox',
  'hosting.mail.forward.show_title': 'Forwarding of {address} on {server}',
  'hosting.mail.forward.to': '*Forwarded to:* {to}',
  'hosting.mail.forward.none': 'nowhere (not forwarded)',
  'hosting.mail.forward.kept': 'A copy stays in the mailbox.',
  'hosting.mail.forward.not_kept': 'No copy stays in the mailbox.',
  'hosting.mail.forward.keep_unknown': 'The provider did not say whether a copy stays in the mailbox.',
  'hosting.mail.forward.hint': 'Change it: `/hosting mail forward set <address>`',
  'hosting.mail.problem.forwarding': 'Each line must be one mail address, such as `name@example.jp`.',
  'hosting.mail.problem.required': 'Enter a value.',
  'hosting.mail.problem.too_short': 'Use at least {limit, plural, one {# character} other {# characters}}.',
  'hosting.mail.problem.too_long': 'Use at most {limit, plural, one {# character} other {# characters}}.',
  'hosting.mail.problem.range': 'This value is out of range.',
  'hosting.mail.problem.format': 'This value is not valid.',
  'hosting.mail.problem.both': 'Type a password or tick the box to have one made, not both.',
  'hosting.mail.problem.password_or_generate': 'Type a password, or tick the box below to have one made.',
  'hosting.mail.problem.quota': 'The quota is a whole number of MB from {min, number} to {max, number}.',
  'hosting.mail.problem.address':
    'The address typed in the command is not a mail address. Close this form and try again.',

  'hosting.mail.generated':
    'The mail account *{address}* on {server} is ready. Its password, shown only to you and only this once:\n`{password}`\nPut it in your mail client or password manager now: the bot does not keep it.',
  'hosting.mail.generated_lost':
    'The mail account *{address}* on {server} was created, but its password could not be shown to you. Set a new one in the provider’s control panel.',

  'hosting.confirm.title.hosting.mail_delete': 'Delete the mail account {address}?',
  'hosting.loss.hosting.mail_delete':
    'Deleting the mail account *{address}* from {server}{memo}, with the {used} MB of mail in it (quota {quota} MB). Mail sent to it afterwards is refused.',
  'hosting.done.hosting.mail_add': '<@{user}> created the mail account `{subject}` on {server}.',
  'hosting.done.hosting.mail_delete': '<@{user}> deleted the mail account `{subject}` on {server}.',
  'hosting.done.hosting.mail_change': '<@{user}> changed the mail account `{subject}` on {server}.',
  'hosting.done.hosting.mail_forward': '<@{user}> changed the forwarding of `{subject}` on {server}.',
  'field.mail_address.format': 'That is not a mail address: write it as `name@example.jp`.',
  'error.hosting_not_found.what.mail': 'mail account',
  'error.hosting_not_found.mail': 'See `/hosting mail [domain]` for the accounts.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.mail':
    '`/hosting [server] mail [domain]` — メールアカウントの一覧（ドメインを指定するとそのドメインだけ）。`mail show <address>` で容量と使用量を表示します',
  'hosting.help.cmd.hosting.mail_add':
    '`/hosting [server] mail add <address>` — メールアカウントを作成します。フォームでパスワード（自動生成も可）、容量、メモを入力します',
  'hosting.help.cmd.hosting.mail_delete':
    '`/hosting [server] mail delete <address>` — メールアカウントを中のメールごと削除します。送信前に確認します',
  'hosting.help.cmd.hosting.mail_change':
    '`/hosting [server] mail change <address>` — フォームでアカウントの容量、メモ、パスワードを変更します',
  'hosting.help.cmd.hosting.mail_forward':
    '`/hosting [server] mail forward <address>` — アカウントのメール転送先を表示します。`mail forward set <address>` でフォームから変更します',
  'usage.hosting.mail':
    '使い方: `/hosting [server] mail [domain]`、`mail show|add|change|delete <address>`、`mail forward [set] <address>`（例: `/hosting mail add info@example.jp`）',

  'hosting.mail.title': '{server} のメールアカウント',
  'hosting.mail.title_domain': '{server} の {domain} のメールアカウント',
  'hosting.mail.empty': 'メールアカウントはありません。',
  'hosting.mail.row': '*{address}*  · 容量 {quota, number} MB{memo}',
  'hosting.mail.unreadable':
    'プロバイダーの応答のうち {count, number} 件のアカウントは読み取れなかったため表示していません。',
  'hosting.mail.hint':
    '使用量と容量: `/hosting mail show <address>`　作成: `/hosting mail add <address>`　削除: `/hosting mail delete <address>`',
  'hosting.mail.show.title': '{server} の {address}',
  'hosting.mail.show.usage': '*使用量:* {quota} MB 中 {used} MB（{percent}%）',
  'hosting.mail.show.memo': '*メモ:* {memo}',
  'hosting.mail.show.no_memo': 'なし',
  'hosting.mail.show.hint': '削除: `/hosting mail delete <address>`（実行前に確認します）',

  'hosting.mail.add.title': 'メールアカウントの作成',
  'hosting.mail.add.intro':
    '*{address}* を作成します。パスワードを入力するか、チェックを入れてボットに作らせてください。',
  'hosting.mail.label.password': 'パスワード',
  'hosting.mail.hint.password': '{min, number} 文字以上。プロバイダーに送るだけで、保存も投稿もしません。',
  'hosting.mail.label.generate': 'または',
  'hosting.mail.generate': '強いパスワードを作ってもらう（あなたにだけ一度だけ表示します）',
  'hosting.mail.label.quota': '容量（MB）',
  'hosting.mail.hint.quota': '任意: 1〜50,000 MB。空欄ならプロバイダーの既定値です。',
  'hosting.mail.label.memo': 'メモ',
  'hosting.mail.hint.memo': '任意: アカウントの用途など。',

  'hosting.mail.change.title': 'メールアカウントの変更',
  'hosting.mail.change.intro': '*{address}* を変更します。そのままにした項目は変わりません。',
  'hosting.mail.hint.new_password': '空欄なら今のパスワードのままです。保存も投稿もしません。',
  'hosting.mail.forward.title': 'メール転送',
  'hosting.mail.forward.intro':
    '*{address}* 宛てのメールの転送先です。入力した一覧で今の設定を置き換えます。空にすると転送を止めます。',
  'hosting.mail.label.forwarding': '転送先',
  'hosting.mail.hint.forwarding': '1 行に 1 アドレス。',
  'hosting.mail.label.keep': 'メールボックス',
  'hosting.mail.forward.keep': 'このメールボックスにもコピーを残す',
  'hosting.mail.forward.show_title': '{server} の {address} の転送設定',
  'hosting.mail.forward.to': '*転送先:* {to}',
  'hosting.mail.forward.none': 'なし（転送していません）',
  'hosting.mail.forward.kept': 'メールボックスにもコピーを残します。',
  'hosting.mail.forward.not_kept': 'メールボックスにはコピーを残しません。',
  'hosting.mail.forward.keep_unknown':
    'メールボックスにコピーを残すかどうか、プロバイダーの応答にありませんでした。',
  'hosting.mail.forward.hint': '変更: `/hosting mail forward set <address>`',
  'hosting.mail.problem.forwarding':
    '各行に 1 つずつ、`name@example.jp` のようなメールアドレスを入力してください。',
  'hosting.mail.problem.required': '値を入力してください。',
  'hosting.mail.problem.too_short': '{limit, number} 文字以上で入力してください。',
  'hosting.mail.problem.too_long': '{limit, number} 文字以内で入力してください。',
  'hosting.mail.problem.range': '値が範囲外です。',
  'hosting.mail.problem.format': '値が正しくありません。',
  'hosting.mail.problem.both':
    'パスワードを入力するか、自動生成にチェックを入れるか、どちらか一方にしてください。',
  'hosting.mail.problem.password_or_generate':
    'パスワードを入力するか、下のチェックを入れて自動生成してください。',
  'hosting.mail.problem.quota': '容量は {min, number}〜{max, number} の整数（MB）で入力してください。',
  'hosting.mail.problem.address':
    'コマンドで入力したアドレスがメールアドレスの形式ではありません。このフォームを閉じてやり直してください。',

  'hosting.mail.generated':
    '{server} のメールアカウント *{address}* を作成しました。パスワードはあなたにだけ、今回だけ表示します:\n`{password}`\nボットは保存しないので、今すぐメールソフトかパスワード管理ツールに登録してください。',
  'hosting.mail.generated_lost':
    '{server} のメールアカウント *{address}* は作成しましたが、パスワードを表示できませんでした。プロバイダーのコントロールパネルで新しいパスワードを設定してください。',

  'hosting.confirm.title.hosting.mail_delete': 'メールアカウント {address} を削除しますか？',
  'hosting.loss.hosting.mail_delete':
    '{server} からメールアカウント *{address}*{memo} を、中のメール {used} MB（容量 {quota} MB）ごと削除します。以後このアドレス宛てのメールは届かなくなります。',
  'hosting.done.hosting.mail_add':
    '<@{user}> さんが {server} にメールアカウント `{subject}` を作成しました。',
  'hosting.done.hosting.mail_delete':
    '<@{user}> さんが {server} のメールアカウント `{subject}` を削除しました。',
  'hosting.done.hosting.mail_change':
    '<@{user}> さんが {server} のメールアカウント `{subject}` を変更しました。',
  'hosting.done.hosting.mail_forward': '<@{user}> さんが {server} の `{subject}` の転送設定を変更しました。',
  'field.mail_address.format':
    'メールアドレスの形式ではありません。`name@example.jp` のように入力してください。',
  'error.hosting_not_found.what.mail': 'メールアカウント',
  'error.hosting_not_found.mail': 'アカウントは `/hosting mail [domain]` で確認できます。',
} as const;

export const mailAccountsCatalog = catalog(en, ja);
