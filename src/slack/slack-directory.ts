import type { webApi } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import type { GroupDirectory } from '../services/access.ts';
import { type Locale, localeFromSlack } from './i18n/index.ts';
import { dateLocaleFor, type Ui, uiFor } from './views/format.ts';

interface Profile {
  locale: Locale;
  tz: string;
  dateLocale: string;
}

/**
 * What the app reads about people from Slack: their locale and time zone
 * (users.info, cached so a busy user costs one call per period) and the members
 * of user groups (usergroups.users.list; AccessService caches those).
 */
export class SlackDirectory implements GroupDirectory {
  private readonly users = new Map<string, { at: number; profile: Promise<Profile> }>();

  constructor(
    private readonly client: webApi.WebClient,
    private readonly fallbackLocale: Locale,
    private readonly clock: Clock,
    private readonly ttlMs = 10 * 60_000,
    private readonly fallbackTz = 'UTC',
  ) {}

  async membersOf(groupId: string): Promise<readonly string[]> {
    const res = await this.client.usergroups.users.list({ usergroup: groupId });
    return res.users ?? [];
  }

  private profile(userId: string): Promise<Profile> {
    const now = this.clock.now().getTime();
    const hit = this.users.get(userId);
    if (hit && now - hit.at < this.ttlMs) return hit.profile;
    const profile = this.client.users
      .info({ user: userId, include_locale: true })
      .then((res) => {
        const locale = localeFromSlack(res.user?.locale, this.fallbackLocale);
        return {
          locale,
          tz: res.user?.tz ?? this.fallbackTz,
          dateLocale: dateLocaleFor(locale, res.user?.locale),
        };
      })
      // Not knowing the language is no reason to fail the command: use the default.
      .catch(() => {
        this.users.delete(userId);
        return {
          locale: this.fallbackLocale,
          tz: this.fallbackTz,
          dateLocale: dateLocaleFor(this.fallbackLocale, undefined),
        };
      });
    this.users.set(userId, { at: now, profile });
    return profile;
  }

  async ui(userId: string): Promise<Ui> {
    const { locale, tz, dateLocale } = await this.profile(userId);
    return uiFor(locale, tz, dateLocale);
  }
}
