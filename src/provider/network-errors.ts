/** Naming an undici / socket failure, and whether the request may have reached the provider. */
import type { NetworkErrorKind, NetworkPhase } from './errors.ts';

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 4 && typeof cur === 'object' && cur !== null; depth += 1) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Names an undici / socket failure; says whether the request may have reached the provider. */
export function classifyNetworkError(
  e: unknown,
  phase: NetworkPhase,
): { kind: NetworkErrorKind; phase: NetworkPhase; mayHaveReachedServer: boolean; detail: string } {
  const code = errorCode(e) ?? 'UNKNOWN';
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { kind: 'timeout', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'ECONNREFUSED':
      return { kind: 'refused', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { kind: 'dns', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'UND_ERR_HEADERS_TIMEOUT':
      return { kind: 'timeout', phase: 'headers', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_BODY_TIMEOUT':
      return { kind: 'timeout', phase: 'body', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return { kind: 'truncated', phase: 'body', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_ABORTED':
      return { kind: 'aborted', phase, mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_CLOSED':
    case 'UND_ERR_DESTROYED':
      return { kind: 'closed', phase, mayHaveReachedServer: phase !== 'connect', detail: code };
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return {
        kind: phase === 'body' ? 'truncated' : 'reset',
        phase,
        mayHaveReachedServer: true,
        detail: code,
      };
    default:
      return { kind: 'other', phase, mayHaveReachedServer: true, detail: code };
  }
}
