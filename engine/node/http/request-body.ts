// A request body read as UTF-8 text, with a size limit: past it the server answers 413 without reading
// on. Used for operations that take a long text (GetCitationsInText) by POST; `bodyText` finds that text
// in a body as clients send it (JSON, a form, or the text itself; body-text.ts).
import type { IncomingMessage } from 'node:http';
import { bodyText, decodeBody, mediaType, repeatedKey, unsupportedBody } from './body-text.ts';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit.toLocaleString('en')} bytes`);
  }
}

/** The client hung up, or the server's request timeout ended the request, before the body was whole. */
export class BodyAborted extends Error {
  constructor() {
    super('the request body ended before it was complete');
  }
}

/**
 * The body as text; rejects with BodyTooLarge as soon as more than `limit` bytes arrive or are announced.
 * `arrived` is told the size of each chunk as it comes.
 */
export function readBody(req: IncomingMessage, limit: number, arrived?: (bytes: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > limit) {
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      arrived?.(chunk.length);
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        chunks.length = 0;
        settle(() => reject(new BodyTooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      settle(() => {
        try {
          resolve(decodeBody(Buffer.concat(chunks), req.headers));
        } catch (error) {
          reject(error);
        }
      }),
    );
    req.on('error', () => settle(() => reject(new BodyAborted())));
    req.on('close', () => settle(() => reject(new BodyAborted())));
  });
}

export { bodyText, decodeBody, mediaType, repeatedKey, unsupportedBody };
