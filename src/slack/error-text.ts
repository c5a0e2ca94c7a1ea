/**
 * The one mapping from whatever a use case threw to the sentence a user reads:
 * what happened and what to do, from the i18n catalog, never a stack trace,
 * a provider message (it may echo input) or the key.
 */

import { classifyFailure, type FailureKind } from '../services/errors.ts';
import type { ParseProblem } from './grammar/tokens.ts';
import { isMessageKey, type MessageKey } from './i18n/index.ts';
import { displayDomain } from './views/domain-display.ts';
import { clip, escapeMrkdwn, type Message, type Ui } from './views/format.ts';
import { failureView } from './views/messages.ts';

/**
 * A service's params are plain data (what was typed, what the provider said):
 * escaped for mrkdwn before they fill a sentence, numbers as they are.
 */
function escapedParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? escapeMrkdwn(v) : v]),
  );
}

const FIELD_KEY_NAME: Record<string, string> = { name: 'name', memo: 'memo', rdns: 'rdns', hostname: 'rdns' };

/** The sentence for one field problem (modal inline errors and argument errors alike). */
export function fieldProblemText(ui: Ui, field: string, rule: string, limit?: number): string {
  // One sentence for every field: the rule is the same everywhere (the provider client's validateText).
  if (rule === 'control_character') return ui.t('field.control_character');
  const f = FIELD_KEY_NAME[field] ?? field;
  const normalised = /long|max|length/i.test(rule)
    ? 'too_long'
    : /required|empty|missing/i.test(rule)
      ? 'required'
      : /char|pattern|format|invalid/i.test(rule)
        ? 'charset'
        : rule;
  const key = `field.${f}.${normalised}`;
  const lim = limit ?? ({ name: 50, memo: 500, rdns: 253 } as Record<string, number>)[f] ?? 0;
  return isMessageKey(key) ? ui.t(key, { limit: lim }) : ui.t('field.invalid', { field });
}

export function describeFailureKind(
  ui: Ui,
  f: FailureKind,
): { text: string; details: { label: string; detail: string }[] } {
  switch (f.kind) {
    case 'service': {
      const e = f.error;
      if (e.code === 'invalid_field') {
        const reason = fieldProblemText(
          ui,
          String(e.params.field),
          String(e.params.rule),
          Number(e.params.limit) || undefined,
        );
        return { text: ui.t('error.invalid_field', { reason }), details: [] };
      }
      if (e.code === 'server_not_found' && e.details.length > 0) {
        return {
          text: ui.t('error.server_not_found_similar', escapedParams(e.params)),
          details: [...e.details],
        };
      }
      if (e.code === 'hosting_not_found') {
        const what = e.params.what === 'ssh_key' ? 'ssh_key' : 'wp';
        return {
          text: ui.t('error.hosting_not_found', {
            what: ui.t(`error.hosting_not_found.what.${what}`),
            id: escapeMrkdwn(String(e.params.id)),
            hint: ui.t(`error.hosting_not_found.${what}`),
          }),
          details: [],
        };
      }
      if (e.code === 'hosting_domain_refused' || e.code === 'hosting_rejected') {
        const params =
          typeof e.params.domain === 'string'
            ? { ...e.params, domain: displayDomain(e.params.domain) }
            : e.params;
        return { text: ui.t(`error.${e.code}`, escapedParams(params)), details: [] };
      }
      if (e.code === 'key_custom_forbidden') {
        // The categories as the provider named them (failureView escapes them); a level the catalog knows in words.
        const level = (v: string) => {
          const key = `permission.${v}`;
          return isMessageKey(key) ? ui.t(key) : v;
        };
        const service = escapeMrkdwn(String(e.params.service));
        return e.details.length === 0
          ? { text: ui.t('error.key_custom_forbidden_empty', { service }), details: [] }
          : {
              text: ui.t('error.key_custom_forbidden', { service }),
              details: e.details.map((d) => ({ label: d.label, detail: level(d.detail) })),
            };
      }
      if (e.code === 'watch_channel_unreachable') {
        const key = `watch.unreachable.${e.params.reason}`;
        const channel = `<#${e.params.channel}>`;
        return { text: isMessageKey(key) ? ui.t(key, { channel }) : ui.t('error.internal'), details: [] };
      }
      if (e.code === 'role_required') {
        const how = `error.role_required.how.${e.params.role}`;
        return {
          text: ui
            .t('error.role_required', {
              role: ui.t(`role.${e.params.role}` as MessageKey),
              yours: ui.t(`role.${e.params.yours}` as MessageKey),
              how: isMessageKey(how) ? ui.t(how) : '',
            })
            .trim(),
          details: [],
        };
      }
      if (e.code === 'channel_not_allowed') {
        const ids = String(e.params.channels ?? '')
          .split(',')
          .filter((c) => c !== '');
        if (ids.length === 0) return { text: ui.t('error.channel_not_allowed.none'), details: [] };
        const shown = ids.slice(0, 10).map((c) => `<#${c}>`);
        const channels =
          ids.length > shown.length ? `${shown.join(', ')} …` : shown.join(ui.locale === 'ja' ? '、' : ', ');
        return { text: ui.t('error.channel_not_allowed', { channels }), details: [] };
      }
      // Signup's provider codes have their sentences in the signup views (signupQuoteRefusal).
      const key = `error.${e.code}`;
      return {
        text: isMessageKey(key) ? ui.t(key, escapedParams(e.params)) : ui.t('error.internal'),
        details: [...e.details],
      };
    }
    case 'provider':
      if (f.code === 'RATE_LIMIT_EXCEEDED') {
        return {
          text: f.retryAfterSeconds
            ? ui.t('provider.RATE_LIMIT_EXCEEDED', { seconds: Math.ceil(f.retryAfterSeconds) })
            : ui.t('provider.RATE_LIMIT_EXCEEDED_soon'),
          details: [],
        };
      }
      return {
        text: ui.t(`provider.${f.code}` as MessageKey),
        // The provider's own reasons (often Japanese), named as its words, cut (failureView escapes them).
        details: (f.details ?? []).slice(0, 5).map((d) => ({
          label: ui.t('provider.reason'),
          detail: clip(d, 200),
        })),
      };
    case 'provider_unknown':
      return {
        text: ui.t('provider.unknown', { code: f.code.replace(/[^A-Z0-9_]/gi, '').slice(0, 40) }),
        details: (f.details ?? [])
          .slice(0, 5)
          .map((d) => ({ label: ui.t('provider.reason'), detail: clip(d, 200) })),
      };
    case 'network':
      return { text: ui.t('provider.network'), details: [] };
    case 'local_validation':
      return {
        text: ui.t('error.invalid_field', { reason: fieldProblemText(ui, f.field, f.rule) }),
        details: [],
      };
    case 'internal':
      return { text: ui.t('error.internal'), details: [] };
  }
}

export function failureMessage(ui: Ui, err: unknown): Message {
  const { text, details } = describeFailureKind(ui, classifyFailure(err));
  return failureView(ui, text, details);
}

/** A text that is not a command of `slash` (`/vps`, `/hosting`), answered with what to type instead. */
export function parseProblemMessage(ui: Ui, p: ParseProblem, slash = '/vps'): Message {
  switch (p.problem) {
    case 'unknown_command':
      return failureView(
        ui,
        p.suggestion
          ? ui.t('parse.unknown_command_suggest', {
              word: escapeMrkdwn(p.word),
              command: slash,
              suggestion: p.suggestion,
            })
          : ui.t('parse.unknown_command', { word: escapeMrkdwn(p.word), command: slash }),
      );
    case 'bad_filter':
      return failureView(
        ui,
        ui.t(
          p.command === 'list'
            ? 'parse.bad_filter_list'
            : p.filter === 'limit'
              ? 'parse.bad_filter_limit'
              : 'parse.bad_filter',
          {
            filter: escapeMrkdwn(p.filter),
            expected: escapeMrkdwn(p.expected),
          },
        ),
      );
    case 'bad_date':
      return failureView(
        ui,
        ui.t('parse.bad_date', { filter: escapeMrkdwn(p.filter), value: escapeMrkdwn(p.value) }),
      );
    case 'usage': {
      const key = `usage.${p.command}`;
      return failureView(
        ui,
        isMessageKey(key) ? ui.t(key) : ui.t('parse.unknown_command', { word: p.command, command: slash }),
      );
    }
  }
}
