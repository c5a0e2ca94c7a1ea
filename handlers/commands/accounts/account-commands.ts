/**
 * `/vps accounts` (the provider accounts, their keys and channels) and
 * `/vps account use <name>` (bind the channel it is typed in, said in the
 * channel for everyone).
 */
import type { AccountFigures, AccountOverview } from '../../../src/services/access/index.ts';
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { accountBoundView, accountsView } from '../../../src/slack/views/accounts/accounts-view.ts';
import { announce, type CommandTable, type HandlerDeps } from '../../kit.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const ACCOUNT_WRITES: readonly VpsCommand['name'][] = ['account_use'];

function accountsOf(deps: HandlerDeps): NonNullable<HandlerDeps['accounts']> {
  // The composition root hands the accounts over whenever the bot runs; a bot built without them is a wiring bug.
  if (!deps.accounts) throw new Error('the accounts are not wired into the handlers');
  return deps.accounts;
}

export const accountCommands: CommandTable<VpsCommand, 'accounts' | 'account_use'> = {
  async accounts({ deps, actor, ui, log, reply }) {
    const port = accountsOf(deps);
    const overview = await port.directory.overview(actor);
    // Each account's figures are its own: one that cannot be read leaves the others shown.
    const rows = await Promise.all(
      overview.map(async (account: AccountOverview) => {
        const figures: AccountFigures | undefined = await port.figures(account.name).catch((err: unknown) => {
          log.warn(
            { account: account.name, err: err instanceof Error ? err.name : 'error' },
            'account figures not read',
          );
          return undefined;
        });
        return { account, figures };
      }),
    );
    await reply(accountsView(ui, rows));
  },
  async account_use({ deps, actor, log, client, reply }, c) {
    const outcome = await accountsOf(deps).directory.use(actor, c.account);
    await announce(
      client,
      actor.channelId,
      accountBoundView(deps.channelUi, actor.userId, outcome),
      reply,
      log,
    );
  },
};
