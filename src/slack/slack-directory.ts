import type { webApi } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import type { ChannelDirectory, ChannelReaders, GroupDirectory } from '../services/access/index.ts';
import { type Locale, localeFromSlack } from './i18n/index.ts';
import { dateLocaleFor, type Ui, uiFor } from './views/format.ts';

interface Profile {
  locale: Locale;
  tz: string;
  dateLocale: string;
}

/** Pages of conversations.members read before giving up (1,000 members each). */
const MEMBER_PAGES = 20;

/**
 * What the app reads about people from Slack: their locale and time zone
 * (users.info, cached so a busy user costs one call per period), the members
 * of user groups (usergroups.users.list; AccessService caches those), and
 * whether someone may read a channel (conversations.info / .members).
 */
export class SlackDirectory implements GroupDirectory, ChannelDirectory {
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

  /**
   * A public channel anyone in the workspace may read; a private one (or a
   * group DM) only its members. Slack answers about a private channel only
   * when the bot is in it: anything else it says is a no (the caller fails closed).
   */
  async mayRead(userId: string, channelId: string): Promise<boolean> {
    const readers = await this.readers(channelId, userId);
    return readers === 'everyone' || readers.includes(userId);
  }

  /** `mayRead`'s rule for everyone at once: throws when Slack cannot tell (no answer, too many members to read). */
  readersOf(channelId: string): Promise<ChannelReaders> {
    return this.readers(channelId);
  }

  /** Who reads the channel; with `looking`, its members only until that person is found among them. */
  private async readers(channelId: string, looking?: string): Promise<ChannelReaders> {
    const info = await this.client.conversations.info({ channel: channelId });
    const c = info.channel;
    if (!c) throw new Error('conversations.info named no channel');
    if (c.is_channel === true && c.is_private !== true && c.is_im !== true && c.is_mpim !== true)
      return 'everyone';
    const members: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MEMBER_PAGES; page++) {
      const res = await this.client.conversations.members({
        channel: channelId,
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      members.push(...(res.members ?? []));
      if (looking !== undefined && members.includes(looking)) return members;
      cursor = res.response_metadata?.next_cursor || undefined;
      if (!cursor) return members;
    }
    // Past what is read, a member could be anyone: for one person, not found is a no.
    if (looking !== undefined) return members;
    throw new Error('too many members to read');
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
