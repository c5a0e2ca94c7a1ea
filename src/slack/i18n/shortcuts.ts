/**
 * The shortcuts: Server card (its modal), Show server on a message (the
 * servers it names), and the order form's choice of channel that the Order a
 * VPS shortcut brings (it is opened outside any channel). The shortcuts' own
 * names are manifest.yml's, which Slack shows in one language.
 */
import { catalog } from './catalog.ts';

const en = {
  'shortcut.placeless_note': 'A shortcut opened from the message box belongs to no channel.',
  'shortcut.find.title': 'Server card',
  'shortcut.find.intro':
    'Name a server by its name, IP address or uuid, exactly as `/vps list` shows it. Only you see its card.',
  'shortcut.find.label': 'Server',
  'shortcut.find.placeholder': 'web-1, 162.43.20.102 or a uuid',
  'shortcut.find.submit': 'Show',
  'shortcut.find.empty': 'Type a server’s name, IP address or uuid.',
  'shortcut.find.reading': ':hourglass_flowing_sand: Reading `{ref}` from the provider…',
  'shortcut.find.another': 'Find another',
  'shortcut.find.edit_hint':
    'To rename it or edit its memo or reverse DNS, use `/vps show {name}` in a channel: the card there has the buttons.',
  'shortcut.mentioned.header': 'This message names {count, plural, one {# server} other {# servers}}',
  'shortcut.mentioned.card': 'Server card',
  'shortcut.mentioned.more': '…and {count, number} more: {names}. Open one with `/vps show <name>`.',
  'shortcut.mentioned.none':
    'This message names none of the account’s servers. They are found by their exact name, IP address or uuid, as `/vps list` shows them.',
  'shortcut.mentioned.cut': 'The message is very long: only its first {limit, number} characters were read.',
  'signup.modal.intro_choose':
    'Submitting asks the provider for the exact price (nothing is charged). The approval request is posted in the channel you choose, where an approver decides.',
  'signup.field.approval_channel': 'Channel for the approval request',
  'signup.field.approval_channel.hint':
    'Approvers decide there, and what becomes of the order is posted in its thread. The bot must be a member of it.',
  'signup.field.approval_channel.placeholder': 'Choose a channel',
  'signup.field.approval_channel.required': 'Choose the channel the approval request goes to.',
  'signup.field.approval_channel.not_allowed':
    'The bot may not be used in that channel. Choose one of the channels an admin allowed.',
  'signup.field.approval_channel.not_readable':
    'Choose a channel you can read: a public channel, or a private one you are a member of.',
} as const;

const ja = {
  'shortcut.placeless_note': 'メッセージ入力欄から開いたショートカットは、どのチャンネルにも属しません。',
  'shortcut.find.title': 'サーバー情報',
  'shortcut.find.intro':
    'サーバーを名前・IPアドレス・UUIDのいずれかで、`/vps list` の表示どおりに指定してください。情報はあなたにだけ表示されます。',
  'shortcut.find.label': 'サーバー',
  'shortcut.find.placeholder': 'web-1、162.43.20.102、またはUUID',
  'shortcut.find.submit': '表示',
  'shortcut.find.empty': 'サーバーの名前・IPアドレス・UUIDのいずれかを入力してください。',
  'shortcut.find.reading': ':hourglass_flowing_sand: `{ref}` の情報をプロバイダーから取得しています…',
  'shortcut.find.another': '別のサーバーを表示',
  'shortcut.find.edit_hint':
    '名前・メモ・逆引きDNSを変更するには、チャンネルで `/vps show {name}` を実行してください。そこに表示される情報に変更ボタンがあります。',
  'shortcut.mentioned.header': 'このメッセージに出てくるサーバー: {count, number} 台',
  'shortcut.mentioned.card': 'サーバー情報',
  'shortcut.mentioned.more': '…ほか {count, number} 台: {names}。`/vps show <名前>` で表示できます。',
  'shortcut.mentioned.none':
    'このメッセージには、アカウントのサーバーの名前・IPアドレス・UUIDが見つかりませんでした。`/vps list` の表示と完全に一致するものだけを探します。',
  'shortcut.mentioned.cut': 'メッセージが長いため、最初の {limit, number} 文字だけを読みました。',
  'signup.modal.intro_choose':
    '送信するとプロバイダーに正確な料金を問い合わせます（課金はされません）。承認依頼は選んだチャンネルに投稿され、そこで承認者が判断します。',
  'signup.field.approval_channel': '承認依頼を投稿するチャンネル',
  'signup.field.approval_channel.hint':
    'そのチャンネルで承認者が判断し、申し込みの結果はスレッドに投稿されます。ボットがメンバーになっている必要があります。',
  'signup.field.approval_channel.placeholder': 'チャンネルを選択',
  'signup.field.approval_channel.required': '承認依頼を投稿するチャンネルを選んでください。',
  'signup.field.approval_channel.not_allowed':
    'そのチャンネルではボットを使えません。管理者が許可したチャンネルを選んでください。',
  'signup.field.approval_channel.not_readable':
    'あなたが閲覧できるチャンネル（公開チャンネルか、あなたがメンバーのプライベートチャンネル）を選んでください。',
} as const;

export const shortcutsCatalog = catalog(en, ja);
