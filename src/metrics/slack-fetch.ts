/** Slack Web API errors counted by method, at the WebClients' `fetch`. */
import { Counter } from 'prom-client';

/** A Slack error code as a label: Slack's own words, or one word for anything else. */
function errorLabel(error: unknown): string {
  return typeof error === 'string' && /^[a-z0-9_]{1,48}$/.test(error) ? error : 'other';
}

/** Statuses whose Response may not have a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

function parseOr(text: string): { ok?: unknown; error?: unknown } | undefined {
  try {
    return JSON.parse(text) as { ok?: unknown; error?: unknown };
  } catch {
    return undefined;
  }
}

/** `chat.postMessage` from `https://slack.com/api/chat.postMessage`; `other` for anything else. */
function slackMethod(input: unknown): string {
  const url =
    typeof input === 'string' ? input : input instanceof URL ? input.href : (input as { url?: string })?.url;
  const m = typeof url === 'string' ? /\/api\/([A-Za-z0-9_.]{1,64})(?:[?#]|$)/.exec(url) : null;
  return m?.[1] ?? 'other';
}

/**
 * A `fetch` for @slack/web-api's WebClient that counts failed calls by
 * method: a 429, an HTTP error, an `ok:false` answer (read from a copy of
 * the body) or a network failure. It changes nothing of the call.
 */
export function countingSlackFetch(
  slackErrors: Counter<'method' | 'error'>,
  base: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const method = slackMethod(input);
    let res: Response;
    try {
      res = await base(input, init);
    } catch (err) {
      slackErrors.inc({ method, error: 'network' });
      throw err;
    }
    if (res.status === 429) slackErrors.inc({ method, error: 'ratelimited' });
    else if (!res.ok) slackErrors.inc({ method, error: `http_${res.status}` });
    const type = res.headers.get('content-type') ?? '';
    // A file or a gzip download goes on as it came (and a body-less status cannot be rebuilt).
    if (!/json|text/.test(type) || NO_BODY.has(res.status)) return res;
    // Read here, once, and handed on as a fresh Response: a clone() would tee
    // every body into two buffered streams, and Bolt's respond() never reads
    // the response_url's answer (nor, failing, its error page), which would
    // hold its buffers and socket until the next garbage collection.
    const text = await res.text();
    if (res.ok && type.includes('json') && /"ok"\s*:\s*false/.test(text)) {
      const body = parseOr(text);
      if (body?.ok === false) slackErrors.inc({ method, error: errorLabel(body.error) });
    }
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * The count of Slack's failed calls, made before the WebClients that feed it
 * (and before the registry that shows it): `fetch` is the WebClients' fetch.
 */
export class SlackCallCounter {
  readonly errors = new Counter<'method' | 'error'>({
    name: 'vps_slack_api_errors_total',
    help: 'Slack Web API calls that failed, by method and Slack error (ratelimited, network, http_<status> or Slack’s own code).',
    labelNames: ['method', 'error'],
    registers: [],
  });

  fetch(base: typeof fetch = fetch): typeof fetch {
    return countingSlackFetch(this.errors, base);
  }
}
