/**
 * /hosting's mail sorting rules: their help lines and usage, the list (each
 * rule in words), the form that adds one, the delete's confirmation, the
 * announcements and the provider's refusals said for them.
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.cmd.hosting.mail_rules':
    '`/hosting [server] mail rules [domain]` — the mail sorting rules (of one domain, or of every domain), in the order they apply',
  'hosting.help.cmd.hosting.mail_rules_add':
    '`/hosting [server] mail rules add <domain>` — add a sorting rule for a domain’s mail in a form: its conditions and what is done with the mail',
  'hosting.help.cmd.hosting.mail_rules_delete':
    '`/hosting [server] mail rules delete <rule id>` — delete a sorting rule; you confirm before it is sent',
  'usage.hosting.mail_rules':
    'Usage: `/hosting [server] mail rules [domain]`, `mail rules add <domain>`, `mail rules delete <rule id>`, e.g. `/hosting mail rules add example.jp`. An address stands for its domain.',

  'hosting.mail_rules.title': 'Mail sorting rules on {server}',
  'hosting.mail_rules.title_domain': 'Mail sorting rules of {domain} on {server}',
  'hosting.mail_rules.empty': 'No mail sorting rules here.',
  'hosting.mail_rules.row': '• `{id}`  {domain}, #{priority}: when {conditions}, {action}.',
  'hosting.mail_rules.unreadable':
    '{count, plural, one {# rule} other {# rules}} in the provider’s answer could not be read and {count, plural, one {is} other {are}} not shown.',
  'hosting.mail_rules.hint':
    'Rules apply in order, the lowest number first; a mail must meet every condition of a rule. Add: `/hosting mail rules add <domain>`   Delete: `/hosting mail rules delete <rule id>`',
  'hosting.mail_rules.condition': '{field} {match} “{keyword}”',
  'hosting.mail_rules.and': ' and ',
  'hosting.mail_rules.field.subject': 'the subject',
  'hosting.mail_rules.field.from': 'the sender',
  'hosting.mail_rules.field.to': 'the recipient',
  'hosting.mail_rules.field.body': 'the body',
  'hosting.mail_rules.field.header': 'the header',
  'hosting.mail_rules.match.contain': 'contains',
  'hosting.mail_rules.match.match': 'is exactly',
  'hosting.mail_rules.match.start_from': 'starts with',
  'hosting.mail_rules.type.mail_address': 'forward it',
  'hosting.mail_rules.type.spam_folder': 'put it in the spam folder',
  'hosting.mail_rules.type.trash': 'put it in the trash',
  'hosting.mail_rules.type.delete': 'delete it',
  'hosting.mail_rules.to': ' to {target}',
  'hosting.mail_rules.action': '{what}{to} ({kept})',
  'hosting.mail_rules.method.move': 'no copy stays in the inbox',
  'hosting.mail_rules.method.copy': 'a copy stays in the inbox',

  'hosting.mail_rules.add.title': 'New mail sorting rule',
  'hosting.mail_rules.add.intro':
    'A sorting rule for mail to *{domain}*. Mail that meets every condition you fill in gets the action below. Fill in one condition or more.',
  'hosting.mail_rules.label.keyword': 'Condition {n, number}: keyword',
  'hosting.mail_rules.hint.keyword': 'The text to look for.',
  'hosting.mail_rules.hint.more': 'Optional: leave empty for no further condition.',
  'hosting.mail_rules.label.field': 'Looked for in',
  'hosting.mail_rules.label.match_type': 'How it matches',
  'hosting.mail_rules.choose': 'Choose',
  'hosting.mail_rules.label.type': 'Then',
  'hosting.mail_rules.label.target': 'Forward to',
  'hosting.mail_rules.hint.target': 'The address, when the mail is forwarded.',
  'hosting.mail_rules.label.method': 'The inbox',
  'hosting.mail_rules.option.move': 'Keeps nothing (the mail is moved)',
  'hosting.mail_rules.option.copy': 'Keeps a copy too',
  'hosting.mail_rules.problem.no_condition': 'Fill in at least one condition’s keyword.',
  'hosting.mail_rules.problem.too_long':
    'Use at most {limit, plural, one {# character} other {# characters}}.',
  'hosting.mail_rules.problem.type': 'Choose what is done with the mail.',
  'hosting.mail_rules.problem.target': 'Write one mail address, such as `name@example.jp`.',
  'hosting.mail_rules.problem.choose': 'Choose one of the values offered.',
  'hosting.mail_rules.problem.domain':
    'The domain typed in the command is not a domain. Close this form and try again.',

  'hosting.confirm.title.hosting.mail_rules_delete': 'Delete the mail sorting rule {id}?',
  'hosting.loss.hosting.mail_rules_delete':
    'Deleting the sorting rule `{id}` of {domain} on {server} (#{priority}): when {conditions}, {action}. Mail it sorts today will be delivered as any other mail.',
  'hosting.done.hosting.mail_rules_add':
    '<@{user}> added the mail sorting rule `{created}` for {subject} on {server}.',
  'hosting.done.hosting.mail_rules_delete':
    '<@{user}> deleted the mail sorting rule `{subject}` on {server}.',
  'error.hosting_not_found.what.mail_rule': 'mail sorting rule',
  'error.hosting_not_found.mail_rule': 'See `/hosting mail rules [domain]` for the rules and their ids.',
  'error.hosting_area.mail_rules.NOT_FOUND':
    'The provider has no such sorting rule ({code}). It said: {message}. Take the rule’s id from `/hosting mail rules`.',
  'error.hosting_area.mail_rules.OPERATION_ERROR':
    'The provider could not change the sorting rules now ({code}). It said: {message}. Check them with `/hosting mail rules`, then try again.',
  'error.hosting_area.mail_rules.VALIDATION_ERROR':
    'The provider does not accept the rule ({code}). It said: {message}. Correct the conditions or the action and send it again.',
  'error.hosting_area.mail_rules.BAD_REQUEST':
    'The provider could not read the request ({code}). It said: {message}. Check the values and try again; if it keeps happening, tell the bot’s administrator.',
  'error.hosting_area.mail_rules.other':
    'The provider refused the sorting rule change ({code}). It said: {message}. Check `/hosting mail rules` and try again.',
} as const;

const ja = {
  'hosting.help.cmd.hosting.mail_rules':
    '`/hosting [server] mail rules [domain]` — メールの振り分けルールを適用される順に表示します（ドメインを指定するとそのドメインだけ）',
  'hosting.help.cmd.hosting.mail_rules_add':
    '`/hosting [server] mail rules add <domain>` — フォームでドメイン宛てメールの振り分けルール（条件と処理）を追加します',
  'hosting.help.cmd.hosting.mail_rules_delete':
    '`/hosting [server] mail rules delete <rule id>` — 振り分けルールを削除します。送信前に確認します',
  'usage.hosting.mail_rules':
    '使い方: `/hosting [server] mail rules [domain]`、`mail rules add <domain>`、`mail rules delete <rule id>`（例: `/hosting mail rules add example.jp`）。メールアドレスを指定するとそのドメインのルールになります。',

  'hosting.mail_rules.title': '{server} のメール振り分けルール',
  'hosting.mail_rules.title_domain': '{server} の {domain} のメール振り分けルール',
  'hosting.mail_rules.empty': 'メールの振り分けルールはありません。',
  'hosting.mail_rules.row': '• `{id}`　{domain}（優先順位 {priority}）: {conditions}とき、{action}。',
  'hosting.mail_rules.unreadable':
    'プロバイダーの応答のうち {count, number} 件のルールは読み取れなかったため表示していません。',
  'hosting.mail_rules.hint':
    'ルールは優先順位の数字が小さいものから適用され、ルールの条件をすべて満たすメールが対象になります。追加: `/hosting mail rules add <domain>`　削除: `/hosting mail rules delete <rule id>`',
  'hosting.mail_rules.condition': '{field}が「{keyword}」{match}',
  'hosting.mail_rules.and': '、かつ',
  'hosting.mail_rules.field.subject': '件名',
  'hosting.mail_rules.field.from': '差出人',
  'hosting.mail_rules.field.to': '宛先',
  'hosting.mail_rules.field.body': '本文',
  'hosting.mail_rules.field.header': 'ヘッダー',
  'hosting.mail_rules.match.contain': 'を含む',
  'hosting.mail_rules.match.match': 'と一致する',
  'hosting.mail_rules.match.start_from': 'で始まる',
  'hosting.mail_rules.type.mail_address': '転送',
  'hosting.mail_rules.type.spam_folder': '迷惑メールフォルダーへ',
  'hosting.mail_rules.type.trash': 'ごみ箱へ',
  'hosting.mail_rules.type.delete': '削除',
  'hosting.mail_rules.to': '（転送先 {target}）',
  'hosting.mail_rules.action': '{what}{to}・{kept}',
  'hosting.mail_rules.method.move': '受信箱には残さない',
  'hosting.mail_rules.method.copy': '受信箱にもコピーを残す',

  'hosting.mail_rules.add.title': '振り分けルールの追加',
  'hosting.mail_rules.add.intro':
    '*{domain}* 宛てのメールの振り分けルールです。入力した条件をすべて満たすメールに、下の処理を行います。条件は 1 つ以上入力してください。',
  'hosting.mail_rules.label.keyword': '条件 {n, number}: キーワード',
  'hosting.mail_rules.hint.keyword': '探す文字列。',
  'hosting.mail_rules.hint.more': '任意: 条件を増やさない場合は空欄のまま。',
  'hosting.mail_rules.label.field': '探す場所',
  'hosting.mail_rules.label.match_type': '一致のしかた',
  'hosting.mail_rules.choose': '選択してください',
  'hosting.mail_rules.label.type': '処理',
  'hosting.mail_rules.label.target': '転送先',
  'hosting.mail_rules.hint.target': '転送する場合の宛先メールアドレス。',
  'hosting.mail_rules.label.method': '受信箱',
  'hosting.mail_rules.option.move': '残さない（メールを移動）',
  'hosting.mail_rules.option.copy': 'コピーも残す',
  'hosting.mail_rules.problem.no_condition': '条件のキーワードを 1 つ以上入力してください。',
  'hosting.mail_rules.problem.too_long': '{limit, number} 文字以内で入力してください。',
  'hosting.mail_rules.problem.type': 'メールの処理を選んでください。',
  'hosting.mail_rules.problem.target': 'メールアドレスを 1 つ、`name@example.jp` のように入力してください。',
  'hosting.mail_rules.problem.choose': '選択肢の中から選んでください。',
  'hosting.mail_rules.problem.domain':
    'コマンドで指定したドメインが正しくありません。フォームを閉じてやり直してください。',

  'hosting.confirm.title.hosting.mail_rules_delete': '振り分けルール {id} を削除しますか？',
  'hosting.loss.hosting.mail_rules_delete':
    '{server} の {domain} の振り分けルール `{id}`（優先順位 {priority}: {conditions}とき、{action}）を削除します。今このルールで振り分けているメールは、ほかのメールと同じように配送されます。',
  'hosting.done.hosting.mail_rules_add':
    '<@{user}> さんが {server} の {subject} に振り分けルール `{created}` を追加しました。',
  'hosting.done.hosting.mail_rules_delete':
    '<@{user}> さんが {server} の振り分けルール `{subject}` を削除しました。',
  'error.hosting_not_found.what.mail_rule': '振り分けルール',
  'error.hosting_not_found.mail_rule': 'ルールとその ID は `/hosting mail rules [domain]` で確認できます。',
  'error.hosting_area.mail_rules.NOT_FOUND':
    'プロバイダーにその振り分けルールがありません（{code}）。プロバイダーの説明: {message}。`/hosting mail rules` に表示される ID を指定してください。',
  'error.hosting_area.mail_rules.OPERATION_ERROR':
    'プロバイダーが今は振り分けルールを変更できませんでした（{code}）。プロバイダーの説明: {message}。`/hosting mail rules` で確認してから再度お試しください。',
  'error.hosting_area.mail_rules.VALIDATION_ERROR':
    'プロバイダーがこのルールを受け付けませんでした（{code}）。プロバイダーの説明: {message}。条件か処理を直してもう一度送ってください。',
  'error.hosting_area.mail_rules.BAD_REQUEST':
    'プロバイダーがリクエストを読み取れませんでした（{code}）。プロバイダーの説明: {message}。値を確認して再度お試しください。繰り返し起きる場合はボットの管理者に連絡してください。',
  'error.hosting_area.mail_rules.other':
    'プロバイダーが振り分けルールの変更を拒否しました（{code}）。プロバイダーの説明: {message}。`/hosting mail rules` を確認してから再度お試しください。',
} as const;

export const mailRulesCatalog = catalog(en, ja);
