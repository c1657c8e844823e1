// The first steps of every request: the CORS preflight, the method, and the request target split into a
// decoded path and a raw query string. Each returns what to answer, or what the next step needs.
import type { RequestHeaders } from './headers.ts';
import { refusal, type Refusal } from './refusal.ts';

/** Longer request targets answer 414; the whole request head is also capped by Node (16 KiB -> 431). */
export const MAX_URL_LENGTH = 8192;

/** Headers for the answer to an OPTIONS preflight: it never needs a key (browsers send none on it). */
export function preflightHeaders(headers: RequestHeaders): Record<string, string> {
  const asked = String(headers['access-control-request-headers'] ?? '')
    .replace(/[^\w ,-]/g, '')
    .slice(0, 500);
  return {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
    'Access-Control-Allow-Headers': asked || '*',
    'Access-Control-Max-Age': '86400',
  };
}

/** GET and HEAD always; POST only to an operation that takes a body (`postable`). */
export function checkMethod(method: string, postable: boolean): Refusal | null {
  if (method === 'GET' || method === 'HEAD' || (method === 'POST' && postable)) return null;
  return refusal(405, 'METHOD_NOT_ALLOWED', `method ${method.slice(0, 20)} is not allowed; use GET`, {
    Allow: 'GET, HEAD, OPTIONS',
  });
}

export interface RequestTarget {
  /** percent-decoded, starting with '/', without a trailing slash (except '/' itself) */
  path: string;
  /** the raw query string after '?', without a fragment */
  query: string;
}

/** The scheme and authority of an absolute-form target (`http://host:port`), which RFC 9112 3.2.2 says a
 * server must accept; a proxy sends it. The host named there is not checked: this server answers one site. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Splits and checks the request target: its length, the path's percent-encoding and form. */
export function splitTarget(target: string): RequestTarget | Refusal {
  if (target.length > MAX_URL_LENGTH) {
    return refusal(414, 'URI_TOO_LONG', `the request URL has ${target.length} characters; at most ${MAX_URL_LENGTH}`);
  }
  const authority = ABSOLUTE_FORM.exec(target)?.[0];
  if (authority) {
    const rest = target.slice(authority.length);
    target = rest.startsWith('/') ? rest : `/${rest}`;
  }
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1).replace(/#.*$/, '');
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return refusal(400, 'BAD_REQUEST', 'the request path has bad percent-encoding');
  }
  if (!path.startsWith('/') || path.includes('\0')) return refusal(400, 'BAD_REQUEST', 'malformed request path');
  // A base URL ending in "/" joined with "/GetVerse" sends //GetVerse; the proxies and gateways in front of
  // web APIs merge such slashes, and so does this.
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return { path, query };
}

/** The operation name a path like /GetVerse (or a POST to it) names, before checking that it exists. */
export function operationNameIn(target: string): string | undefined {
  return /^\/([A-Za-z][A-Za-z0-9_]{0,99})(?:[?#]|$)/.exec(target)?.[1];
}
