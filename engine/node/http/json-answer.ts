// A JSON answer as bytes: gzipped when the client takes gzip and the answer is large enough to gain,
// on the thread pool when it is large enough to block the event loop.
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import { acceptsGzip } from './static-files.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
const GZIP_MIN_BYTES = 1024;
/** Above this, gzip runs on the thread pool instead of blocking the event loop. */
const GZIP_SYNC_MAX_BYTES = 128 * 1024;
const GZIP_LEVEL = 5;
const gzipAsync = promisify(gzip);

export interface EncodedJson {
  payload: Buffer;
  gzipped: boolean;
}

export async function encodeJson(requestHeaders: IncomingHttpHeaders, body: unknown): Promise<EncodedJson> {
  const payload = Buffer.from(JSON.stringify(body) ?? 'null');
  if (payload.length < GZIP_MIN_BYTES || !acceptsGzip(requestHeaders)) return { payload, gzipped: false };
  const gzipped =
    payload.length <= GZIP_SYNC_MAX_BYTES
      ? gzipSync(payload, { level: GZIP_LEVEL })
      : await gzipAsync(payload, { level: GZIP_LEVEL });
  return { payload: gzipped, gzipped: true };
}

/** The headers of a JSON answer (besides CORS and the caller's own). */
export function jsonHeaders(encoded: EncodedJson): Record<string, string | number> {
  return {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoded.gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': encoded.payload.length,
  };
}

export {
  IGNORED_PARAMS_HEADER,
  REPEATED_PARAMS_HEADER,
  withIgnoredParams,
  withRepeatedParams,
} from './answer-headers.ts';
