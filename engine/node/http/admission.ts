// Whether a request may be answered when the server has API keys: the key must be known and its plan's
// budget not spent. The answer is the rate-limit headers to send, or the refusal to send instead.
import type { IncomingHttpHeaders } from 'node:http';
import { requestKey, type ApiKeys } from '../keys.ts';
import { LimiterUnavailable, type Limiter } from '../rate-limits.ts';
import { RATE_HEADERS } from './answer-headers.ts';
import { refusal, type Refusal } from './refusal.ts';

export { RATE_HEADERS };

export interface Admitted {
  headers: Record<string, string>;
}

/** No keys configured: everyone is admitted. `onRejected` counts requests turned away for their budget. */
export async function admit(
  headers: IncomingHttpHeaders,
  keys: ApiKeys | undefined,
  limiter: Limiter,
  onRejected?: () => void,
): Promise<Admitted | Refusal> {
  if (!keys) return { headers: {} };
  const key = requestKey(headers);
  if (!key) {
    return refusal(
      401,
      'UNAUTHORIZED',
      'this server needs an API key: send it in the x-api-key header (or x-rapidapi-key)',
    );
  }
  const plan = keys.plan(key);
  if (!plan) return refusal(401, 'UNAUTHORIZED', 'unknown API key');
  if (plan.perMinute === null) return { headers: {} };
  let decision: Awaited<ReturnType<Limiter>>;
  try {
    decision = await limiter(key, plan.perMinute);
  } catch (error) {
    if (!(error instanceof LimiterUnavailable)) throw error;
    return refusal(503, 'RATE_LIMIT_UNAVAILABLE', error.message, { 'Retry-After': '5' });
  }
  // Let through uncounted while the shared count was unreachable: only the plan's limit is known.
  if ('uncounted' in decision) return { headers: { [RATE_HEADERS.limit]: String(decision.limit) } };
  const rateHeaders = {
    [RATE_HEADERS.limit]: String(decision.limit),
    [RATE_HEADERS.remaining]: String(decision.remaining),
    [RATE_HEADERS.reset]: String(decision.resetSeconds),
  };
  if (decision.allowed) return { headers: rateHeaders };
  onRejected?.();
  return refusal(
    429,
    'RATE_LIMITED',
    `plan "${plan.name}" allows ${plan.perMinute} requests per minute; retry in ${decision.resetSeconds} s`,
    { ...rateHeaders, 'Retry-After': String(decision.resetSeconds) },
  );
}
