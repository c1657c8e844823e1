// The headers the API's answers carry besides their content's: CORS on every answer, the rate-limit
// headers of a keyed answer, and the names of the parameters an operation ignored or took the last of.
// No Node built-ins: the request-to-answer layer (api-answer.ts) uses them on any host.

/** Rate-limit headers on every keyed answer (and Retry-After on 429). Reset is in seconds from now. */
export const RATE_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const;

/** Names the query parameters the operation ignored, so a client can see a misspelt one. */
export const IGNORED_PARAMS_HEADER = 'X-Ignored-Parameters';

export function withIgnoredParams(headers: Record<string, string>, ignored: string[]): Record<string, string> {
  if (!ignored.length) return headers;
  // Percent-encoded: a header value may not carry every character a parameter name can.
  return { ...headers, [IGNORED_PARAMS_HEADER]: ignored.map(encodeURIComponent).join(', ').slice(0, 1000) };
}

/** Names the query parameters given more than once, of which the last value was taken. */
export const REPEATED_PARAMS_HEADER = 'X-Repeated-Parameters';

export function withRepeatedParams(
  headers: Record<string, string>,
  repeated: readonly string[],
): Record<string, string> {
  if (!repeated.length) return headers;
  return { ...headers, [REPEATED_PARAMS_HEADER]: repeated.map(encodeURIComponent).join(', ').slice(0, 1000) };
}

/** The headers a browser's script may read of a cross-origin answer. */
const EXPOSED = [
  'ETag',
  'Retry-After',
  RATE_HEADERS.limit,
  RATE_HEADERS.remaining,
  RATE_HEADERS.reset,
  IGNORED_PARAMS_HEADER,
  REPEATED_PARAMS_HEADER,
].join(', ');

/** CORS on every answer: the API is open to pages of any origin. */
export const CORS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
};
