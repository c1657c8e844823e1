// A request body read whole as UTF-8 text, with a size limit: past it the server answers 413 without
// reading on. Used for operations that take a long text (GetCitationsInText) by POST.
import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit.toLocaleString('en')} bytes`);
  }
}

/** The body as text; rejects with BodyTooLarge as soon as more than `limit` bytes arrive or are announced. */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > limit) {
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
