export { backlogOf } from './backlog.ts';
export { classifySlackFailure, type Failure } from './failure.ts';
export { foldUnits } from './fold-units.ts';
export { Notifier } from './notifier.ts';
export type { NotifierOptions, NotifierStats } from './options.ts';
export type { PostMessageArgs, SlackPoster, UpdateMessageArgs } from './slack-poster.ts';
