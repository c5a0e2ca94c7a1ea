/**
 * The sandbox's workspace: a few people with different roles, the user group
 * that makes one of them an operator, and the channels. Roles reach the bot
 * the way a team gives them: a POLICY_FILE naming users and a user group,
 * whose members the bot reads from Slack (usergroups.users.list).
 */

export interface Person {
  id: string;
  name: string;
  /** The role the policy gives, as `users` lists it. */
  role: string;
  how: string;
  /** Slack's locale and time zone for the person (users.info). */
  locale: string;
  tz: string;
}

export interface Channel {
  id: string;
  name: string;
  /** Whether the bot is a member (it may post there). */
  botIsMember: boolean;
}

export interface Group {
  id: string;
  handle: string;
  members: string[];
}

export const PEOPLE: readonly Person[] = [
  {
    id: 'U0SBALICE',
    name: 'alice',
    role: 'admin',
    how: 'named in the policy file',
    locale: 'en-US',
    tz: 'America/New_York',
  },
  {
    id: 'U0SBBOB01',
    name: 'bob',
    role: 'operator',
    how: 'member of the @ops user group',
    locale: 'en-GB',
    tz: 'Europe/London',
  },
  {
    id: 'U0SBCAROL',
    name: 'carol',
    role: 'viewer',
    how: "the policy's default role",
    locale: 'en-US',
    tz: 'America/Los_Angeles',
  },
  {
    id: 'U0SBKENJI',
    name: 'kenji',
    role: 'approver',
    how: 'named in the policy file; reads Japanese',
    locale: 'ja-JP',
    tz: 'Asia/Tokyo',
  },
];

export const GROUPS: readonly Group[] = [{ id: 'S0SBOPS01', handle: 'ops', members: ['U0SBBOB01'] }];

export const CHANNELS: readonly Channel[] = [
  { id: 'C0SBOPS01', name: 'ops', botIsMember: true },
  { id: 'C0SBDEV01', name: 'dev', botIsMember: true },
  { id: 'C0SBSHOP1', name: 'shop', botIsMember: true },
  { id: 'C0SBRANDM', name: 'random', botIsMember: false },
];

/**
 * The sandbox's two provider accounts (on the built-in simulator, each a
 * world of its own): `main` is the default (#ops, #dev, direct messages and
 * shortcuts work on it), and #shop is bound to `shop` as an admin would bind
 * it (`/vps account use shop`), so a person sees that nothing of one is shown
 * in the other's channel. The policy lists no channels: the bot may be used
 * anywhere, as in the one-account sandbox.
 */
export const ACCOUNTS = [
  { name: 'main', label: 'Production', keyEnv: 'PROVIDER_API_KEY_MAIN', channels: ['ops', 'dev'] },
  {
    name: 'shop',
    label: 'Shop A',
    keyEnv: 'PROVIDER_API_KEY_SHOP',
    channels: ['shop'],
    boundFromSlack: true,
  },
] as const;
export const SHOP_CHANNEL = CHANNELS.find((c) => c.name === 'shop')!;

export const FIRST_USER = 'bob';
export const HOME_CHANNEL = CHANNELS[0]!;

export function personNamed(name: string): Person | undefined {
  const n = name.replace(/^@/, '').toLowerCase();
  return PEOPLE.find((p) => p.name === n);
}

export function channelNamed(name: string): Channel | undefined {
  const n = name.replace(/^#/, '').toLowerCase();
  return CHANNELS.find((c) => c.name === n);
}

/**
 * The roles above, as the bot's policy file says them, and with `accounts`
 * the two provider accounts, each key read from its own variable, and the
 * channels each works on (its notices and its digest in its first channel).
 */
export function policyYaml(opts: { accounts?: boolean } = {}): string {
  const named = (role: string) => PEOPLE.filter((p) => p.role === role && !p.how.includes('group'));
  const lines = [
    "# Written by npm run sandbox: the sandbox workspace's roles.",
    'roles:',
    ...['admin', 'approver'].map(
      (r) =>
        `  ${r}: [${named(r)
          .map((p) => p.id)
          .join(', ')}]`,
    ),
    `  operator: [${GROUPS.map((g) => g.id).join(', ')}]`,
    'default_role: viewer',
    'approvals:',
    '  allow_self: false',
    '  second_person: [hosting.domain_reset, hosting.wp_delete]',
    ...(opts.accounts
      ? [
          'accounts:',
          ...ACCOUNTS.map((a) => {
            const first = channelNamed(a.channels[0])!.id;
            return `  ${a.name}: { label: ${a.label}, key_env: ${a.keyEnv}, notify_channel: ${first}, digest_channel: ${first} }`;
          }),
          'default_account: main',
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}
