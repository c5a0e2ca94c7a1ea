/**
 * The settings an operator reads about are the settings the bot reads. The
 * code's list is src/config.ts's own (SETTING_NAMES, the keys of its schema);
 * docs/operators.md's settings table, .env.example and every setting named
 * anywhere in README.md, docs/operators.md and .env.example must agree with
 * it: a setting the code dropped (USER_COMMANDS_PER_MINUTE once) or one it
 * gained without a word fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../src/config.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** Read by compose.yaml, not by the bot: the password of the PostgreSQL it starts. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD'];
/**
 * Names in these files that are no setting of the bot: the Docker image's and Node's own, and the
 * variable the policy file's example account names for its key (`key_env`: the operator's own name).
 */
const NOT_SETTINGS = ['LD_PRELOAD', 'NODE_VERSION', 'MALLOC_CONF', 'PROVIDER_API_KEY_MAIN'];

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The first column of the table under "## Settings" in docs/operators.md. */
function settingsTable(page: string): string[] {
  const section = page.split(/^## /m).find((s) => s.startsWith('Settings\n'));
  if (!section) throw new Error('docs/operators.md has no "## Settings" section');
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
}

/** `NAME=` and `# NAME=` lines of .env.example. */
function envExample(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
}

/**
 * What a text names that looks like a setting: a word with an underscore in
 * capitals anywhere (`FAIR_WAIT_SECONDS`), or a capital word alone in code
 * (`PORT`, `OPERATORS`; no setting has a digit, a channel id such as
 * `C0123ABCD` has).
 */
function named(text: string): string[] {
  const underscored = [...text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map((m) => m[0]);
  const inCode = [...text.matchAll(/`([A-Z][A-Z_]{2,})`/g)].map((m) => m[1]!);
  return sorted([...underscored, ...inCode]);
}

describe('the settings the docs name are the settings the code reads', () => {
  it('reads the code’s list (a rule over nothing would pass by itself)', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    for (const s of ['SLACK_BOT_TOKEN', 'PORT', 'OPERATORS', 'BOT_ENCRYPTION_KEY'])
      expect(SETTING_NAMES).toContain(s);
    expect(named('set `PORT`, FAIR_WAIT_SECONDS and USER_COMMANDS_PER_MINUTE; `GET` it')).toEqual([
      'FAIR_WAIT_SECONDS',
      'GET',
      'PORT',
      'USER_COMMANDS_PER_MINUTE',
    ]);
  });

  it('docs/operators.md has one row per setting, no more', () => {
    const rows = settingsTable(read('docs/operators.md'));
    expect(rows.length, 'a setting with two rows').toBe(new Set(rows).size);
    expect(sorted(rows)).toEqual(sorted(SETTING_NAMES));
  });

  it('.env.example lists every setting (and compose’s database password), no more', () => {
    expect(sorted(envExample(read('.env.example')))).toEqual(sorted([...SETTING_NAMES, ...COMPOSE_ONLY]));
  });

  it.each(['README.md', 'docs/operators.md', '.env.example'])(
    '%s names no setting the code does not read',
    (file) => {
      const known = new Set([...SETTING_NAMES, ...COMPOSE_ONLY, ...NOT_SETTINGS]);
      expect(named(read(file)).filter((n) => !known.has(n))).toEqual([]);
    },
  );
});
