/** An answer's text, from what came over the wire to the value a caller gets. */
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ProviderResponseError } from './errors.ts';

const REDACTED = '[redacted]';

/** Replaces every secret (of 4 characters or more) in `text`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** JSON of the documented shape, or a ProviderResponseError; `text` is already scrubbed. */
export function parseAnswer<T>(
  schema: z.ZodType<T>,
  endpoint: string,
  status: number,
  text: string,
  log: Logger | undefined,
): T {
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch (e) {
    throw new ProviderResponseError({
      endpoint,
      status,
      issues: ['body is not JSON'],
      rawBody: text,
      cause: e,
    });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    log?.warn({ endpoint, status, issues: issues.slice(0, 10) }, 'provider answer does not match the schema');
    throw new ProviderResponseError({ endpoint, status, issues, rawBody: text, cause: result.error });
  }
  return result.data;
}
