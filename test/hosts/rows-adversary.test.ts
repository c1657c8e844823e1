// Hostile and odd clients against long answers built a row at a time (bible.rows) and written as the
// socket drains: `bible serve` as its own process, spoken to over raw sockets, plus bible.rows called
// directly with bad input. What must always hold: every answer that is sent is whole and equal to
// call()'s JSON, buffered bytes stay within the budget /metrics reports, refusals are clear 503s with
// Retry-After, reused sockets are never reset, and the server never crashes.
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { bible } from '../helpers.ts';
import { startServer } from './http.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { startServeProcess, type ServeProcess } from './serve-process.ts';

interface Response {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The body as text, gunzipped when it came gzipped. */
const text = (r: Response): string =>
  (r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');

/**
 * Reads HTTP/1.1 responses off a socket in order (Content-Length or chunked bodies; none for HEAD), so
 * pipelined answers can be checked one by one.
 */
class Reader {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  closed = false;
  error: Error | undefined;
  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', (error) => {
      this.error = error;
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }
  private wake() {
    const w = this.waiting;
    this.waiting = undefined;
    w?.();
  }
  private async more(): Promise<void> {
    if (this.closed) throw new Error(`connection closed mid-answer${this.error ? ` (${this.error.message})` : ''}`);
    await new Promise<void>((resolve) => {
      this.waiting = resolve;
    });
  }
  /** The next whole response; throws when the connection ends before it is whole. */
  async next(head = false): Promise<Response> {
    let end: number;
    while ((end = this.buffer.indexOf('\r\n\r\n')) < 0) await this.more();
    const lines = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    this.buffer = this.buffer.subarray(end + 4);
    const status = Number(lines[0].split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const at = line.indexOf(':');
      headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
    }
    if (head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        let lineEnd: number;
        while ((lineEnd = this.buffer.indexOf('\r\n')) < 0) await this.more();
        const size = Number.parseInt(this.buffer.subarray(0, lineEnd).toString('latin1'), 16);
        while (this.buffer.length < lineEnd + 2 + size + 2) await this.more();
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        this.buffer = this.buffer.subarray(lineEnd + 2 + size + 2);
        if (size === 0) return { status, headers, body: Buffer.concat(parts) };
      }
    }
    const length = Number(headers['content-length'] ?? 0);
    while (this.buffer.length < length) await this.more();
    const body = Buffer.from(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return { status, headers, body };
  }
}

let server: ServeProcess;
let port: number;
const sockets = new Set<Socket>();

function open(to = port): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  `${method} ${path} HTTP/1.1\r\nHost: test\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** One request on a fresh connection, read whole. */
async function fetchWhole(path: string, headers: Record<string, string> = {}, to = port): Promise<Response> {
  const socket = await open(to);
  const reader = new Reader(socket);
  socket.write(request(path, { ...headers, Connection: 'close' }));
  try {
    return await reader.next();
  } finally {
    socket.destroy();
  }
}

/** The figures /metrics reports about what answers hold. */
async function held(to = port): Promise<{ reserved: number; small: number; waiting: number; busy: number }> {
  const metrics = text(await fetchWhole('/metrics', {}, to));
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? Number.NaN);
  return {
    reserved: value('bible_answer_bytes_reserved'),
    small: value('bible_small_answer_bytes_held'),
    waiting: value('bible_answers_waiting'),
    busy: value('bible_busy_total'),
  };
}

/** Waits (bounded) until `check` holds; returns its last value. */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, tries = 100): Promise<T> {
  let value = await probe();
  for (let i = 0; i < tries && !check(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

const BUDGET = 1024 * 1024;
/** A broad search over the whole Bible: about 5 MB of JSON, far over the budget. */
const BROAD = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
const BROAD_PARAMS = { query: 'th', matchType: 'broad', versionId: 'kjv' };

/** A refusal for lack of room: 503 with Retry-After and the BUSY error. */
function expectBusy(answer: Response): void {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.parse(text(answer)).error.code).toBe('BUSY');
}

/** A client that asks for BROAD and never reads, once the server has reserved budget for it. */
async function holdBudgetUnread(local: BibleServer): Promise<Socket> {
  const hog = await open(local.port);
  hog.pause();
  hog.write(request(BROAD));
  await eventually(
    async () => local.answerBudget.reserved,
    (reserved) => reserved > 0,
  );
  return hog;
}

let broadJson: string;

beforeAll(async () => {
  server = await startServeProcess(['--answer-memory', '1', '--write-timeout', '3']);
  port = Number(new URL(server.url).port);
  broadJson = JSON.stringify(await (await bible()).call('GetSearchAdvanced', BROAD_PARAMS));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
});

describe('bible.rows with bad input', () => {
  it('fails as call() does for an unknown operation and bad parameters', async () => {
    const b = await bible();
    const cases: [string, Record<string, string>][] = [
      ['GetNothing', {}],
      ['GetSearch', {}],
      ['GetSearch', { query: '' }],
      ['GetSearch', { query: 'love', limit: '0' }],
      ['GetSearch', { query: 'love', limit: '2.5' }],
      ['GetSearch', { query: 'love', offset: '-1' }],
      ['GetSearch', { query: 'love', versionId: 'nope' }],
      ['GetSearchAdvanced', { query: 'a', matchType: 'broad' }],
      ['GetSearchAdvanced', { query: 'love', matchType: 'fuzzy' }],
    ];
    for (const [name, params] of cases) {
      const viaCall = await b.call(name, params).catch((e: unknown) => e);
      const viaRows = await b.rows(name, params).catch((e: unknown) => e);
      expect(viaCall).toBeInstanceOf(BibleError);
      expect(viaRows).toBeInstanceOf(BibleError);
      expect((viaRows as BibleError).toJSON()).toEqual((viaCall as BibleError).toJSON());
    }
    for (const params of [null, 'query=love', 42, ['query']]) {
      const viaCall = await b.call('GetSearch', params as never).catch((e: unknown) => e);
      const viaRows = await b.rows('GetSearch', params as never).catch((e: unknown) => e);
      expect((viaRows as BibleError).toJSON()).toEqual((viaCall as BibleError).toJSON());
    }
  });

  it('is undefined for an operation whose answer is not a list, and the rows of call() for one that is', async () => {
    const b = await bible();
    expect(await b.rows('GetSearchCount' as string, { query: 'love' })).toBeUndefined();
    const verse = (await b.rows('GetVerse', { verseId: '43003016', versionId: 'kjv' }))!;
    expect(verse.total).toBe(1);
    expect(verse.row(0)).toEqual((await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }))[0]);
  });

  it('refuses a row index that is out of range, negative or not a whole number', async () => {
    const b = await bible();
    const page = (await b.rows('GetSearch', { query: 'love', offset: '2', limit: '3' }))!;
    const pastEnd = (await b.rows('GetSearch', { query: 'love', offset: '1000000' }))!;
    const array = (await b.rows('GetVersions', {}))!;
    expect(page.total).toBe(3);
    expect(pastEnd.total).toBe(0);
    for (const rows of [page, pastEnd, array]) {
      for (const i of [-1, rows.total, rows.total + 1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, '0' as never]) {
        expect(() => rows.row(i), `row(${String(i)}) of ${rows.total}`).toThrow(RangeError);
      }
    }
    // The rows a page has are those of call() with the same paging.
    const answer = await b.call('GetSearch', { query: 'love', offset: '2', limit: '3' });
    expect([0, 1, 2].map((i) => page.row(i))).toEqual(answer);
  });
});

describe('long answers over real sockets', () => {
  it('answers random broad searches byte for byte as call() does, gzipped and not', async () => {
    const b = await bible();
    const fragments = ['th', 'e', 'an', 'er', 'lo', 'ou', 'in', 'es'];
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 6; k++) {
      const query = fragments[random(fragments.length)];
      const versionId = ['kjv', 'web', 'asv'][random(3)];
      const params: Record<string, string> =
        query.length < 2 ? { query, versionId } : { query, versionId, matchType: 'broad' };
      const name = query.length < 2 ? 'GetSearch' : 'GetSearchAdvanced';
      const expected = JSON.stringify(await b.call(name, params));
      const path = `/${name}?${new URLSearchParams(params)}`;
      const gzip = k % 2 === 0;
      const answer = await fetchWhole(path, gzip ? { 'Accept-Encoding': 'gzip' } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      expect(text(answer)).toBe(expected);
    }
  });

  it('answers broad searches with highlights and in non-Latin scripts byte for byte as call() does', async () => {
    const b = await bible();
    const cases: Record<string, string>[] = [
      { query: 'th', matchType: 'broad', versionId: 'web', highlight: 'true' },
      { query: 'ال', matchType: 'broad', versionId: 'svd' },
      { query: 'qu', matchType: 'broad', versionId: 'rv1909', highlight: 'true', limit: '7000', offset: '3' },
    ];
    for (const params of cases) {
      const expected = JSON.stringify(await b.call('GetSearchAdvanced', params));
      for (const gzip of [false, true]) {
        const answer = await fetchWhole(
          `/GetSearchAdvanced?${new URLSearchParams(params)}`,
          gzip ? { 'Accept-Encoding': 'gzip' } : {},
        );
        expect(answer.status).toBe(200);
        expect(text(answer)).toBe(expected);
      }
    }
  });

  it('answers a client that sends its requests and then closes its sending side', async () => {
    const b = await bible();
    const love = JSON.stringify(await b.call('GetSearch', { query: 'love' }));
    for (const version of ['1.0', '1.1']) {
      const socket = await open();
      const reader = new Reader(socket);
      socket.end(`GET /GetSearch?query=love HTTP/${version}\r\nHost: test\r\n\r\n`);
      const answer = await reader.next();
      expect(answer.status).toBe(200);
      expect(text(answer)).toBe(love);
    }
    // Pipelined, then half-closed: every answer, in order, then the connection ends.
    const socket = await open();
    const reader = new Reader(socket);
    socket.end(request(BROAD) + request('/GetSearch?query=love') + request(`${BROAD}&limit=3`));
    expect(text(await reader.next())).toBe(broadJson);
    expect(text(await reader.next())).toBe(love);
    expect(JSON.parse(text(await reader.next()))).toEqual(JSON.parse(broadJson).slice(0, 3));
    await eventually(
      async () => reader.closed,
      (closed) => closed,
    );
    expect(reader.closed).toBe(true);
  });

  it('pages through a long answer with limit and offset, each page equal to its slice', async () => {
    const b = await bible();
    const whole = JSON.parse(broadJson) as unknown[];
    const socket = await open();
    const reader = new Reader(socket);
    const pageSize = 4000;
    const pages: unknown[] = [];
    for (let offset = 0; offset <= whole.length; offset += pageSize) {
      socket.write(request(`${BROAD}&limit=${pageSize}&offset=${offset}`, { 'Accept-Encoding': 'gzip' }));
      const answer = await reader.next();
      expect(answer.status).toBe(200);
      const page = JSON.parse(text(answer)) as unknown[];
      expect(page).toEqual(whole.slice(offset, offset + pageSize));
      pages.push(...page);
    }
    expect(pages.length).toBe(whole.length);
    const past = await b.call('GetSearchAdvanced', { ...BROAD_PARAMS, offset: String(whole.length + 5) });
    expect(past).toEqual([]);
    socket.destroy();
  });

  it('answers HEAD with the headers of GET and no body, and the socket serves the next request', async () => {
    const socket = await open();
    const reader = new Reader(socket);
    socket.write(request(BROAD, { 'Accept-Encoding': 'gzip' }, 'HEAD'));
    const head = await reader.next(true);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/json/);
    socket.write(request('/GetVerse?verseId=43003016&versionId=kjv'));
    const next = await reader.next();
    expect(next.status).toBe(200);
    expect(JSON.parse(text(next))[0].id).toBe('43003016');
    socket.destroy();
  });

  it('reads a slow reader its whole answer', async () => {
    const socket = await open();
    const reader = new Reader(socket);
    socket.write(request(BROAD));
    // Reads a little at a time: the socket is paused and resumed for a moment, many times.
    let reading = true;
    const pace = (async () => {
      while (reading && !socket.destroyed) {
        socket.pause();
        await new Promise((resolve) => setTimeout(resolve, 5));
        socket.resume();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answer = await reader.next();
    reading = false;
    await pace;
    expect(text(answer)).toBe(broadJson);
    socket.destroy();
  });

  it('frees what a client held once it aborts mid-answer', async () => {
    for (const gzip of [false, true]) {
      const socket = await open();
      socket.write(request(BROAD, gzip ? { 'Accept-Encoding': 'gzip' } : {}));
      await new Promise<void>((resolve) => {
        let got = 0;
        socket.on('data', (chunk: Buffer) => {
          got += chunk.length;
          if (got > 50_000) {
            socket.destroy();
            resolve();
          }
        });
      });
    }
    const after = await eventually(held, (h) => h.reserved === 0);
    expect(after.reserved).toBe(0);
    expect(after.waiting).toBe(0);
  });

  it('frees what 100 pipelined requests held once their client, who never read, goes away', async () => {
    const socket = await open();
    socket.pause();
    socket.write(Array.from({ length: 100 }, () => request(BROAD)).join(''));
    const during = await eventually(held, (h) => h.reserved > 0);
    // One answer larger than the budget goes out alone; the rest wait without building.
    expect(during.reserved).toBeLessThanOrEqual(Math.max(BUDGET, broadJson.length * 1.2));
    expect(during.small).toBeLessThanOrEqual(BUDGET / 4);
    socket.destroy();
    // Gone: its answers neither hold the budget nor wait for it (well before each could time out).
    const after = await eventually(held, (h) => h.reserved === 0 && h.waiting === 0, 20);
    expect(after).toMatchObject({ reserved: 0, waiting: 0 });
    // and the next client gets its answer whole
    expect(text(await fetchWhole(BROAD))).toBe(broadJson);
  });

  it('keeps buffered bytes within the budget under non-readers, refuses with 503 and Retry-After, and never resets a reused socket', async () => {
    const idle: Socket[] = [];
    for (let i = 0; i < 12; i++) {
      const socket = await open();
      socket.pause();
      socket.write(request(`/GetSearch?query=${['the', 'and', 'of'][i % 3]}&versionId=kjv`));
      idle.push(socket);
    }
    // A client reusing one socket for many answers, small and a page of a long one, while they hold.
    const socket = await open();
    const reader = new Reader(socket);
    const b = await bible();
    const verse = JSON.stringify(await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }));
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const path = i % 3 === 0 ? `${BROAD}&limit=200&offset=${i * 50}` : '/GetVerse?verseId=43003016&versionId=kjv';
      socket.write(request(path, i % 2 ? { 'Accept-Encoding': 'gzip' } : {}));
      const answer = await reader.next();
      if (answer.status === 503) {
        refused++;
        expectBusy(answer);
        continue;
      }
      expect(answer.status).toBe(200);
      if (i % 3 !== 0) expect(text(answer)).toBe(verse);
      const figures = await held();
      expect(figures.small).toBeLessThanOrEqual(BUDGET / 4);
      expect(figures.reserved).toBeLessThanOrEqual(Math.max(BUDGET, broadJson.length * 1.2));
    }
    expect(refused).toBe(0);
    expect(reader.error).toBeUndefined();
    expect(reader.closed).toBe(false);
    socket.destroy();
    for (const s of idle) s.destroy();
  });

  it('reads slow POST bodies within the budget and answers each whole', async () => {
    const b = await bible();
    const body = 'See John 3:16 and Rom 8:28. '.repeat(2000);
    const expected = JSON.stringify(await b.call('GetCitationsInText', { text: body }));
    const posts = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const socket = await open();
        const reader = new Reader(socket);
        const bytes = Buffer.from(body);
        socket.write(
          `POST /GetCitationsInText HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
        );
        for (let at = 0; at < bytes.length; at += 8192) {
          socket.write(bytes.subarray(at, at + 8192));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        try {
          return await reader.next();
        } finally {
          socket.destroy();
        }
      }),
    );
    for (const answer of posts) {
      if (answer.status === 503) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        continue;
      }
      expect(answer.status).toBe(200);
      expect(text(answer)).toBe(expected);
    }
    expect(posts.some((answer) => answer.status === 200)).toBe(true);
  });
});

describe('the budget refuses clearly', () => {
  it('answers 503 BUSY with Retry-After to long answers that find no room in time, and recovers', async () => {
    const local = await startServer({ answerBudgetBytes: BUDGET, budgetWaitMs: 200, writeTimeoutMs: 3_000 });
    try {
      const hog = await holdBudgetUnread(local);
      const refused = await Promise.all(
        ['an', 'er', 'ou'].map((query) =>
          fetchWhole(`/GetSearchAdvanced?query=${query}&matchType=broad`, {}, local.port),
        ),
      );
      for (const answer of refused) expectBusy(answer);
      // A small answer is not queued behind the long one, and a socket refused once serves on.
      const reused = await open(local.port);
      const reader = new Reader(reused);
      reused.write(request('/GetSearchAdvanced?query=in&matchType=broad'));
      expect((await reader.next()).status).toBe(503);
      reused.write(request('/GetVerse?verseId=43003016'));
      expect((await reader.next()).status).toBe(200);
      expect(reader.closed).toBe(false);
      reused.destroy();
      hog.destroy();
      await eventually(
        async () => local.answerBudget.reserved,
        (reserved) => reserved === 0,
      );
      expect(text(await fetchWhole(BROAD, { 'Accept-Encoding': 'gzip' }, local.port))).toBe(broadJson);
    } finally {
      await local.close(0);
    }
  });

  it('answers a POST body that finds no room 503 with Retry-After before the request timeout, not 408', async () => {
    const local = await startServer({
      answerBudgetBytes: BUDGET,
      budgetWaitMs: 60_000,
      requestTimeoutMs: 2_000,
      writeTimeoutMs: 10_000,
    });
    try {
      const hog = await holdBudgetUnread(local);
      const socket = await open(local.port);
      const reader = new Reader(socket);
      socket.write(
        `POST /GetCitationsInText HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: ${BUDGET}\r\n\r\nJohn 3:16`,
      );
      expectBusy(await reader.next());
      socket.destroy();
      hog.destroy();
    } finally {
      await local.close(0);
    }
  });
});

describe('connection cap and shutdown', () => {
  it('answers connections beyond the cap with 503, Retry-After and close', async () => {
    const capped = await startServeProcess(['--max-connections', '3']);
    const cappedPort = Number(new URL(capped.url).port);
    try {
      // Each holds its place with a request whose body has not all arrived (a connection that has sent
      // nothing makes way for a newcomer, as an idle keep-alive one does).
      const body = 'John 3:16';
      const posting = `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n`;
      const served = await Promise.all([0, 1, 2].map(() => open(cappedPort)));
      for (const s of served) s.write(posting + body.slice(0, 4));
      await new Promise((r) => setTimeout(r, 200));
      const extra = await open(cappedPort);
      const reader = new Reader(extra);
      extra.write(request('/GetVerse?verseId=43003016'));
      const refused = await reader.next();
      expectBusy(refused);
      expect(refused.headers.connection).toBe('close');
      // The served ones still answer.
      const first = new Reader(served[0]);
      served[0].write(body.slice(4));
      expect((await first.next()).status).toBe(200);
      for (const s of [...served, extra]) s.destroy();
    } finally {
      await capped.stop();
    }
  });

  it('writes every answer in flight whole to slow readers when it gets SIGTERM', async () => {
    const stopping = await startServeProcess();
    const stoppingPort = Number(new URL(stopping.url).port);
    const b = await bible();
    const paths = [
      [BROAD, broadJson],
      ['/GetSearch?query=e&versionId=kjv', JSON.stringify(await b.call('GetSearch', { query: 'e', versionId: 'kjv' }))],
      [`${BROAD}&limit=9000`, JSON.stringify(JSON.parse(broadJson).slice(0, 9000))],
    ] as const;
    const clients = await Promise.all(
      paths.map(async ([path], i) => {
        const socket = await open(stoppingPort);
        const reader = new Reader(socket);
        socket.write(request(path, i === 1 ? { 'Accept-Encoding': 'gzip' } : {}));
        socket.pause();
        return { socket, reader };
      }),
    );
    // Some bytes of each answer have come before the signal.
    for (const { socket } of clients) {
      socket.resume();
      await new Promise((resolve) => socket.once('data', resolve));
      socket.pause();
    }
    const exited = stopping.stop();
    const answers = await Promise.all(
      clients.map(async ({ socket, reader }) => {
        const pace = setInterval(() => {
          socket.resume();
          setTimeout(() => socket.pause(), 2).unref();
        }, 4);
        try {
          return await reader.next();
        } finally {
          clearInterval(pace);
          socket.resume();
        }
      }),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(text(answer)).toBe(paths[i][1]);
    });
    await exited;
    for (const { socket } of clients) socket.destroy();
  });
});
