/**
 * A person's Home over every provider account: each account's HomeService
 * reads that account's rows, key and day only. With one account the Home is
 * that account's, as it always was; with several it has one part per account
 * the person has a role in (an account where they have none is left out, so
 * nothing of it is shown, not even its label). Knows nothing of Slack.
 */
import type { HomeService } from './home-service.ts';
import type { HomeAccount, HomeData } from './home-types.ts';

export interface AccountHomeService extends HomeAccount {
  service: Pick<HomeService, 'build'>;
}

export class AccountsHome {
  constructor(private readonly accounts: readonly AccountHomeService[]) {
    if (accounts.length === 0) throw new Error('a Home needs at least one provider account');
  }

  /** `refresh`: its person opened it just now (each account's fleet may be read if what is held is old). */
  async build(userId: string, opts: { refresh?: boolean } = {}): Promise<HomeData> {
    const [only] = this.accounts;
    if (this.accounts.length === 1 && only) return only.service.build(userId, opts);
    const built = await Promise.all(this.accounts.map((a) => a.service.build(userId, opts)));
    const sections = this.accounts.flatMap((a, i) => {
      const home = built[i];
      return home?.kind === 'home' ? [{ account: { name: a.name, label: a.label }, home }] : [];
    });
    if (sections.length === 0) return { kind: 'no_role', userId };
    return { kind: 'accounts', userId, sections };
  }
}
