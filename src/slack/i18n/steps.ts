/**
 * The bot's Workflow Builder steps (handlers/steps/): why a step failed, in
 * words the workflow's owner can act on, and what its text outputs say; and
 * the short help of the bot's direct messages (the Messages tab).
 */
import { catalog } from './catalog.ts';

const en = {
  'step.needs_person':
    'This step changes something, so a person must start it: run the workflow from a button, a form or a message, not on a schedule.',
  'step.input_missing': 'The step’s input “{input}” is missing: fill it in the workflow.',
  'step.input_invalid': 'The step’s input “{input}” is not valid: {problem}',
  'step.not_running.none': 'Every server the watcher has seen is running.',
  'step.not_running.line': '• {name}: {status}',
  'step.order.rejected': 'The order of {name} was rejected in the approval channel. Nothing was charged.',
  'step.order.expired':
    'Nobody approved the order of {name} in time, so its quote expired. Nothing was charged.',
  'step.order.price_changed':
    'The price of {name} changed before it was ordered, so nothing was charged. Run the workflow again for a new quote.',
  'step.order.failed':
    'The provider did not accept the order of {name}. Nothing was charged; the approval message’s thread says why.',
  'step.order.not_posted':
    'The approval request could not be posted in <#{channel}>: invite the bot to that channel, then run the workflow again.',
  'step.unnamed_server': 'the new server',
  'dm.help':
    'Type a command here without the slash, as you would after `/vps` or `/hosting`: `list`, `show db-1`, `hosting info`. `help` lists them all.',
} as const;

const ja = {
  'step.needs_person':
    'このステップは変更を伴うため、人が開始する必要があります。スケジュールではなく、ボタン・フォーム・メッセージからワークフローを実行してください。',
  'step.input_missing': 'ステップの入力「{input}」が空です。ワークフローで指定してください。',
  'step.input_invalid': 'ステップの入力「{input}」が正しくありません: {problem}',
  'step.not_running.none': '監視で確認したサーバーはすべて稼働中です。',
  'step.not_running.line': '• {name}: {status}',
  'step.order.rejected': '{name} の申し込みは承認チャンネルで却下されました。課金はされていません。',
  'step.order.expired':
    '{name} の申し込みは期限内に承認されず、見積もりが失効しました。課金はされていません。',
  'step.order.price_changed':
    '{name} の料金が申し込み前に変わったため、課金はされていません。新しい見積もりを取るには、ワークフローをもう一度実行してください。',
  'step.order.failed':
    '{name} の申し込みはプロバイダーに受け付けられませんでした。課金はされていません。理由は承認メッセージのスレッドにあります。',
  'step.order.not_posted':
    '<#{channel}> に承認依頼を投稿できませんでした。ボットをそのチャンネルに招待してから、ワークフローをもう一度実行してください。',
  'step.unnamed_server': '新しいサーバー',
  'dm.help':
    'ここではスラッシュなしでコマンドを入力できます。`/vps` や `/hosting` の後に書く内容と同じです: `list`、`show db-1`、`hosting info`。`help` で一覧を表示します。',
} as const;

export const stepsCatalog = catalog(en, ja);
