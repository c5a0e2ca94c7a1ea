/** What Bolt hands each kind of listener: a button click, a select's choice, a modal's submission, a shortcut. */
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  GlobalShortcut,
  MessageShortcut,
  SlackActionMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  StaticSelectAction,
  ViewSubmitAction,
} from '@slack/bolt';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
export type SelectArgs = SlackActionMiddlewareArgs<BlockAction<StaticSelectAction>> & AllMiddlewareArgs;
export type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
/** A global shortcut (from Slack's composer or search): no channel, no response_url. */
export type GlobalShortcutArgs = SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs;
/** A message shortcut: the message, its channel and a response_url. */
export type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;
