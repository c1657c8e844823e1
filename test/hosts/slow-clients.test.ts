// The server under slow and hostile clients, over real sockets, with small limits so the tests stay quick:
// large answers arrive whole at any reading speed, clients that stop reading are cut off and never make
// the server hold more than its budget, others are answered meanwhile, keep-alive sockets are not reset
// under load, client faults are counted (not logged as stack traces), and POST bodies are read as
// clients send them.
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';
import { get, raw, startServer } from './http.ts';

const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
const BUDGET = 8 * 1024 * 1024;
let heavyJson: string;
let srv: BibleServer;
const faults: string[] = [];
const log: string[] = [];

beforeAll(async () => {
  const b = await bible();
  heavyJson = JSON.stringify(await b.call('GetSearchAdvanced', { query: 'th', matchType: 'broad', versionId: 'kjv' }));
  srv = await startServer({
    webDir: null,
    answerBudgetBytes: BUDGET,
    budgetWaitMs: 400,
    writeTimeoutMs: 800,
    headersTimeoutMs: 400,
    onClientFault: (kind) => faults.push(kind),
    accessLog: (line) => log.push(line),
  });
});
afterAll(() => srv?.close(100));

/** Sends a request on a raw socket that never reads what comes back. */
function nonReader(path: string, headers = ''): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(srv.port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
      resolve(socket);
    });
    socket.on('error', () => {});
  });
}

/** A client that reads its answer a little at a time, pausing between reads. */
function slowRead(path: string, gzip: boolean, pauseMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(srv.port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${gzip ? 'Accept-Encoding: gzip\r\n' : ''}\r\n`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      socket.pause();
      setTimeout(() => socket.resume(), pauseMs);
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(decodeHttp(Buffer.concat(chunks))));
  });
}

/** The body of a raw HTTP/1.1 answer: chunked transfer decoded, then gunzipped when it says so. */
function decodeHttp(answer: Buffer): string {
  const headEnd = answer.indexOf('\r\n\r\n');
  const head = answer.subarray(0, headEnd).toString('latin1');
  let body = answer.subarray(headEnd + 4);
  if (/transfer-encoding: chunked/i.test(head)) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  if (/content-encoding: gzip/i.test(head)) body = gunzipSync(body);
  return `${head.split('\r\n')[0]}\n${body.toString('utf8')}`;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

describe('large answers', () => {
  it('arrive whole, streamed, with and without gzip, to fast and slow readers', async () => {
    const plain = await get(srv.url, HEAVY);
    expect(plain.status).toBe(200);
    expect(plain.headers['transfer-encoding']).toBe('chunked');
    expect(plain.text).toBe(heavyJson);
    const zipped = await get(srv.url, HEAVY, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.text).toBe(heavyJson);
    const head = await get(srv.url, HEAVY, {}, { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([200, '']);
    // Slow readers make progress all the time, so the write timeout never cuts them off.
    expect(await slowRead(HEAVY, true, 20)).toBe(`HTTP/1.1 200 OK\n${heavyJson}`);
    expect(await slowRead(HEAVY, false, 2)).toBe(`HTTP/1.1 200 OK\n${heavyJson}`);
  });

  it('never hold more than the budget for clients that stop reading, and others are answered meanwhile', async () => {
    const before = faults.length;
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, srv.answerBudget.reserved);
    }, 5);
    const stalled = await Promise.all(Array.from({ length: 12 }, () => nonReader(HEAVY)));
    await until(() => srv.answerBudget.reserved > 0);
    for (let i = 0; i < 10; i++) {
      const verse = await get(srv.url, '/GetVerse?verseId=43003016');
      expect(verse.status).toBe(200);
      const health = await get(srv.url, '/healthz');
      expect(health.status).toBe(200);
    }
    // Every non-reader is cut off by the write timeout or refused with 503 (which it does not read either).
    await until(
      () =>
        faults.slice(before).filter((kind) => kind === 'write-timeout').length > 0 &&
        srv.answerBudget.reserved === 0 &&
        srv.answerBudget.waiting === 0,
    );
    clearInterval(sampler);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(BUDGET);
    expect(faults.slice(before)).toContain('write-timeout');
    // Reading now, each finds a 503, or the start of its answer and then the end of the connection.
    const seen = await Promise.all(
      stalled.map(
        (socket) =>
          new Promise<string>((done) => {
            let head = '';
            const timer = setTimeout(() => done(`${head.slice(0, 12)} open`), 2_000);
            const end = () => {
              clearTimeout(timer);
              done(`${head.slice(0, 12)} closed`);
            };
            socket.on('data', (chunk: Buffer) => {
              if (head.length < 12) head += chunk.toString('latin1', 0, 12);
              if (head.startsWith('HTTP/1.1 503')) end();
            });
            socket.on('end', end);
            socket.on('error', end);
            socket.resume();
          }),
      ),
    );
    for (const socket of stalled) socket.destroy();
    expect(seen.filter((s) => s !== 'HTTP/1.1 503 closed' && s !== 'HTTP/1.1 200 closed')).toEqual([]);
    expect(seen).toContain('HTTP/1.1 200 closed');
    const after = await get(srv.url, HEAVY, { 'accept-encoding': 'gzip' });
    expect(after.text).toBe(heavyJson);
  });

  it('wait for room, then answer 503 with Retry-After when none comes in time', async () => {
    const holder = await nonReader(HEAVY);
    await until(() => srv.answerBudget.reserved > 0);
    // The holder's answer is now known to be large: the next request for it waits for room before it is built.
    let refused = await get(srv.url, HEAVY);
    for (let i = 0; i < 5 && refused.status === 200; i++) refused = await get(srv.url, HEAVY);
    expect(refused.status).toBe(503);
    expect(refused.json().error.code).toBe('BUSY');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await until(() => srv.answerBudget.reserved === 0);
    holder.destroy();
    expect((await get(srv.url, HEAVY)).text).toBe(heavyJson);
  });
});

describe('keep-alive', () => {
  it('never resets a reused socket while heavy clients load the server', { timeout: 60_000 }, async () => {
    const heavyAgent = new Agent({ keepAlive: true, maxSockets: 6 });
    const reused = new Agent({ keepAlive: true, maxSockets: 4 });
    const errors: string[] = [];
    let stop = false;
    const heavy = Array.from({ length: 6 }, async () => {
      while (!stop) {
        const answer = await get(srv.url, HEAVY, { 'accept-encoding': 'gzip' }, { agent: heavyAgent }).catch(
          (error: Error) => errors.push(`heavy: ${error.message}`),
        );
        if (typeof answer === 'object' && answer.status === 200 && answer.text !== heavyJson)
          errors.push('heavy: incomplete');
      }
    });
    let answered = 0;
    const light = Array.from({ length: 4 }, async (_, k) => {
      for (let i = 0; i < 40; i++) {
        // Idle now and then, as real clients do between requests on a kept socket.
        if (i % 10 === k) await new Promise((r) => setTimeout(r, 30));
        try {
          const answer = await get(srv.url, '/GetVerse?verseId=43003016', {}, { agent: reused });
          if (answer.status === 200) answered++;
          else errors.push(`status ${answer.status}`);
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
    });
    await Promise.all(light);
    stop = true;
    await Promise.all(heavy);
    heavyAgent.destroy();
    reused.destroy();
    expect(errors.filter((e) => !/heavy: .*503/.test(e))).toEqual([]);
    expect(answered).toBe(160);
  });
});

describe('client faults', () => {
  it('count an aborted body and a refused request as client faults, with one log line and no stack trace', async () => {
    const errorLog = vi.spyOn(console, 'error');
    const before = faults.length;
    await raw(
      srv.port,
      'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\nJohn 3:16 and',
      150,
    );
    expect(await raw(srv.port, 'GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    // Headers that never end: 408 once headersTimeoutMs has passed (Node checks often enough to keep to it).
    expect(await raw(srv.port, 'GET /GetVerse?verseId=43003016 HTTP/1.1\r\nHost: x\r\n', 5_000)).toMatch(
      /^HTTP\/1\.1 408[\s\S]*REQUEST_TIMEOUT/,
    );
    await new Promise((r) => setTimeout(r, 50));
    // A body cut off mid-way is counted once, by whichever sees it first: the request reading it
    // (body-aborted) or the parser, which reports the closed connection (reset).
    const seen = faults.slice(before);
    expect(seen).toEqual(expect.arrayContaining(['malformed', 'request-timeout']));
    expect(seen.some((kind) => kind === 'body-aborted' || kind === 'reset')).toBe(true);
    expect(log.some((line) => / 400 client fault \(malformed/.test(line))).toBe(true);
    expect(log.some((line) => / 408 client fault \(request-timeout/.test(line))).toBe(true);
    expect(log.some((line) => /client fault \((body-aborted\) POST \/GetCitationsInText|reset: )/.test(line))).toBe(
      true,
    );
    expect(errorLog).not.toHaveBeenCalled();
    errorLog.mockRestore();
  });
});

describe('POST /GetCitationsInText', () => {
  const post = (body: string, type?: string) =>
    new Promise<{ status: number; json: any }>((resolve, reject) => {
      const socket = connect(srv.port, '127.0.0.1', () => {
        const bytes = Buffer.from(body);
        socket.write(
          `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${type ? `Content-Type: ${type}\r\n` : ''}Content-Length: ${bytes.length}\r\n\r\n`,
        );
        socket.write(bytes);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('end', () => {
        const [status, ...rest] = decodeHttp(Buffer.concat(chunks)).split('\n');
        resolve({ status: Number(status.split(' ')[1]), json: JSON.parse(rest.join('\n')) });
      });
    });

  it('reads JSON, a form field, or the raw text, with offsets counted in the text', async () => {
    const b = await bible();
    const text = 'Notes: John 3:16 & Rom 8:28 — 100% sure.';
    const want = await b.call('GetCitationsInText', { text });
    expect(want.length).toBe(2);
    expect((await post(JSON.stringify({ text }), 'application/json')).json).toEqual(want);
    expect((await post(`text=${encodeURIComponent(text)}`, 'application/x-www-form-urlencoded')).json).toEqual(want);
    // curl -d @notes.txt: the form type, and no text= field.
    expect((await post(text, 'application/x-www-form-urlencoded')).json).toEqual(want);
    expect((await post(text, 'text/plain; charset=utf-8')).json).toEqual(want);
    expect((await post(text)).json).toEqual(want);
    for (const [body, code] of [
      ['{"txt":"John 3:16"}', 'MISSING_PARAMETER'],
      ['{"text":', 'INVALID_PARAMETER'],
      ['["John 3:16"]', 'INVALID_PARAMETER'],
    ]) {
      const refused = await post(body, 'application/json');
      expect(refused.status, body).toBe(400);
      expect(refused.json.error, body).toMatchObject({ code, param: 'text' });
    }
  });

  it('reads a long text in parts, with the answer the whole text gives, and refuses more than 1 MiB', async () => {
    const b = await bible();
    const text = 'The Lord spoke. See Gen 1:1-3; 2:4 and Ps 23.\nThen John 3:16, 17 was read. '.repeat(4_000);
    const answer = await post(JSON.stringify({ text }), 'application/json');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(await b.call('GetCitationsInText', { text }));
    const tooLarge = await post('x'.repeat(1_048_577), 'text/plain');
    expect(tooLarge.status).toBe(413);
  });
});
