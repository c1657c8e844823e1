// The HTTP server against clients that misbehave on real sockets: bodies in odd encodings and framings,
// pipelined requests with a bad one among them, Expect headers, clients that stop reading or hang up,
// and SIGTERM while answers stream from a real `bible serve` process. Budgets and timeouts are small so
// each case is quick; the assertions are on what must always hold, never on timings.
import { spawn } from 'node:child_process';
import { type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseKeyFile } from '../../engine/node/keys.ts';
import { createMetrics } from '../../engine/node/metrics.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const BIG = '/GetSearch?query=god&versionId=kjv';
const BUDGET = 2_000_000;
const faults: string[] = [];
let server: BibleServer;

beforeAll(async () => {
  server = await startServer({
    writeTimeoutMs: 800,
    headersTimeoutMs: 600,
    requestTimeoutMs: 1_000,
    answerBudgetBytes: BUDGET,
    budgetWaitMs: 300,
    onClientFault: (kind) => faults.push(kind),
  });
});
afterAll(() => server.close(100));
beforeEach(() => {
  faults.length = 0;
});

interface RawOptions {
  /** ms between the parts written */
  gapMs?: number;
  /** give up (and hang up) after this long */
  waitMs?: number;
  /** never read: the socket stays paused */
  paused?: boolean;
}

/** Writes `parts` on one connection and returns all it gets back until the server closes or waitMs pass. */
function raw(parts: (string | Buffer)[], options: RawOptions = {}): Promise<{ text: string; bytes: Buffer }> {
  return new Promise((done) => {
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      done({ text: bytes.toString('latin1'), bytes });
    };
    const timer = setTimeout(finish, options.waitMs ?? 3_000);
    if (options.paused) socket.pause();
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', finish);
    socket.on('error', finish);
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    })();
  });
}

/** The status of each answer in what a connection got back (the bodies here never hold "HTTP/1.1 "). */
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

/** The JSON body of the last answer a connection got back, with Content-Length or chunked. */
function lastJson(text: string): any {
  const start = text.lastIndexOf('HTTP/1.1 ');
  const at = text.indexOf('\r\n\r\n', start);
  let body: Buffer = Buffer.from(text.slice(at + 4), 'latin1');
  if (/^Transfer-Encoding: chunked/im.test(text.slice(start, at))) body = dechunk(body);
  return JSON.parse(body.toString('utf8'));
}

function post(body: string | Buffer, contentType?: string, extra = ''): Promise<{ text: string; bytes: Buffer }> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const head =
    'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\n' +
    (contentType ? `Content-Type: ${contentType}\r\n` : '') +
    `Content-Length: ${bytes.length}\r\nConnection: close\r\n${extra}\r\n`;
  return raw([Buffer.concat([Buffer.from(head), bytes])]);
}

describe('POST bodies as clients send them', () => {
  const utf16 = (text: string, bom: boolean) =>
    Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
  const utf16be = (text: string) => {
    const le = Buffer.from(text, 'utf16le');
    return Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]);
  };
  const found: [string, Buffer | string, string | undefined, number][] = [
    ['JSON with a UTF-8 byte order mark', '\uFEFF{"text":"See John 3:16"}', 'application/json', 4],
    ['raw text with a UTF-8 byte order mark', '\uFEFFSee John 3:16', 'text/plain', 4],
    ['JSON saved as UTF-16LE with its mark', utf16('{"text":"See John 3:16"}', true), 'application/json', 4],
    ['text in UTF-16BE with its mark and no charset', utf16be('See John 3:16'), 'text/plain', 4],
    ['text in UTF-16LE named by its charset', utf16('See John 3:16', false), 'text/plain; charset=utf-16le', 4],
    [
      'Latin-1 text named by its charset',
      Buffer.from('Café: John 3:16', 'latin1'),
      'text/plain; charset=ISO-8859-1',
      6,
    ],
    ['a quoted charset', 'Voir John 3:16', 'text/plain; charset="utf-8"', 5],
    ['JSON with a charset', '{"text":"John 3:16"}', 'application/json; charset=UTF-8', 0],
    ['a +json media type', '{"text":"John 3:16"}', 'application/vnd.api+json', 0],
    ['a form field among others', 'lang=en&text=See+John+3%3A16&x=1', 'application/x-www-form-urlencoded', 4],
    ['a form body without a text field is the text', 'Tom%20said John 3:16', 'application/x-www-form-urlencoded', 11],
    ['no content type', 'See John 3:16', undefined, 4],
  ];
  it.each(found)('%s: 200 with offsets in the text itself', async (_name, body, type, start) => {
    const { text } = await post(body, type);
    expect(statuses(text)).toEqual([200]);
    const [hit] = lastJson(text);
    expect(hit).toMatchObject({ match: 'John 3:16', start, end: start + 9 });
  });

  const refused: [string, Buffer | string, string, string, string | null, RegExp][] = [
    [
      'a charset no decoder knows',
      'John 3:16',
      'text/plain; charset=klingon',
      'INVALID_PARAMETER',
      null,
      /charset "klingon"/,
    ],
    ['JSON whose text is a number', '{"text":5}', 'application/json', 'INVALID_PARAMETER', 'text', /is a number/],
    ['a JSON array', '["John 3:16"]', 'application/json', 'INVALID_PARAMETER', 'text', /an array/],
    ['a JSON string', '"John 3:16"', 'application/json', 'INVALID_PARAMETER', 'text', /it is string/],
    ['JSON null', 'null', 'application/json', 'INVALID_PARAMETER', 'text', /null/],
    ['JSON without text', '{"txt":"John 3:16"}', 'application/json', 'MISSING_PARAMETER', 'text', /no "text"/],
    ['JSON cut off', '{"text":"John 3:16"', 'application/json', 'INVALID_PARAMETER', 'text', /not valid JSON/],
    ['deep JSON cut off', '['.repeat(200_000), 'application/json', 'INVALID_PARAMETER', 'text', /not valid JSON/],
    [
      'a form text with bad percent-encoding',
      'text=John%2+3:16',
      'application/x-www-form-urlencoded',
      'INVALID_PARAMETER',
      'text',
      /percent-encoding/,
    ],
    [
      'a form text that is not UTF-8',
      'text=Caf%E9',
      'application/x-www-form-urlencoded',
      'INVALID_PARAMETER',
      'text',
      /percent-encoding/,
    ],
    [
      'a form with too many fields',
      `${Array.from({ length: 70 }, (_, i) => `f${i}=1`).join('&')}&text=John+3:16`,
      'application/x-www-form-urlencoded',
      'INVALID_PARAMETER',
      null,
      /too many form fields/,
    ],
    ['an empty body', '', 'text/plain', 'INVALID_PARAMETER', 'text', /at least 1 character/],
  ];
  it.each(refused)('%s: 400 naming the problem', async (_name, body, type, code, param, message) => {
    const { text } = await post(body, type);
    expect(statuses(text)).toEqual([400]);
    const { error } = lastJson(text);
    expect(error).toMatchObject({ code, param });
    expect(error.message).toMatch(message);
  });

  it('deep but valid JSON is read, not a crash', async () => {
    const deep = `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)},"text":"John 3:16"}`;
    const { text } = await post(deep, 'application/json');
    expect([200, 400]).toContain(statuses(text)[0]);
    expect(() => lastJson(text)).not.toThrow();
  });

  it('offsets of a long text read in parts count UTF-16 code units of the text', async () => {
    const unit = 'He said that in John 3:16 the law is. Then é😀 Rom 8:28 ok. ';
    const body = unit.repeat(Math.floor(300_000 / Buffer.byteLength(unit)));
    const { text } = await post(JSON.stringify({ text: body }), 'application/json');
    const hits = lastJson(text) as { match: string; start: number; end: number }[];
    expect(hits.length).toBe((body.length / unit.length) * 2);
    for (const hit of hits) expect(body.slice(hit.start, hit.end)).toBe(hit.match);
  });

  it('a body over 1 MiB answers 413 to a real client, announced or chunked', async () => {
    for (const headers of [{}, { 'Transfer-Encoding': 'chunked' }]) {
      const answer = await new Promise<string>((done) => {
        const req = request(
          { host: '127.0.0.1', port: server.port, path: '/GetCitationsInText', method: 'POST', headers },
          (res: IncomingMessage) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => done(`${res.statusCode} ${body}`));
          },
        );
        req.on('error', (e: Error) => done(`error ${e.message}`));
        req.end(Buffer.alloc(2_000_000, 'a'));
      });
      expect(answer).toMatch(/^413 .*PAYLOAD_TOO_LARGE/);
    }
  });
});

describe('framing the parser refuses', () => {
  const bad: [string, string][] = [
    ['two different Content-Lengths', 'Content-Length: 9\r\nContent-Length: 5\r\n\r\nJohn 3:16'],
    ['a negative Content-Length', 'Content-Length: -1\r\n\r\nJohn 3:16'],
    ['a Content-Length past 2^64', 'Content-Length: 99999999999999999999\r\n\r\nJohn 3:16'],
    ['a chunk size that is not hex', 'Transfer-Encoding: chunked\r\n\r\n5\r\nJohn \r\nzz\r\n3:16\r\n0\r\n\r\n'],
    ['a chunk shorter than its size', 'Transfer-Encoding: chunked\r\n\r\n9\r\nJohn \r\n0\r\n\r\n'],
  ];
  it.each(bad)('%s: 400 in JSON, counted once', async (_name, rest) => {
    const { text } = await raw([`POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\n${rest}`]);
    expect(statuses(text)).toEqual([400]);
    expect(lastJson(text).error.code).toBe('BAD_REQUEST');
    expect(faults).toEqual(['malformed']);
  });

  it('/metrics counts a body that breaks off in bad chunks once', async () => {
    const metrics = await createMetrics(() => 1, undefined);
    if (!metrics) return; // prom-client is optional
    const counted = await startServer({ metrics });
    try {
      const { port } = new URL(counted.url);
      const bad =
        'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nJohn \r\nzz\r\n';
      await new Promise<void>((done) => {
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('close', () => done());
        socket.on('error', () => {});
        socket.on('data', () => {});
        socket.write(bad);
      });
      await new Promise((r) => setTimeout(r, 100));
      const lines = (await get(counted.url, '/metrics')).text.split('\n');
      const faultLines = lines.filter((l) => l.startsWith('bible_client_faults_total{'));
      expect(faultLines).toEqual(['bible_client_faults_total{kind="malformed"} 1']);
    } finally {
      await counted.close(100);
    }
  });

  it('a good chunked body is read whole', async () => {
    const { text } = await raw([
      'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      '5\r\nJohn \r\n',
      '4\r\n3:16\r\n0\r\n\r\n',
    ]);
    expect(lastJson(text)[0]).toMatchObject({ match: 'John 3:16', start: 0 });
  });
});

describe('request lines and headers', () => {
  it.each([['/GetCitationsInText/'], ['/Get%43itationsInText']])(
    'POST to %s names the operation as GET does',
    async (path) => {
      const { text } = await raw([
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\nConnection: close\r\n\r\nJohn 3:16`,
      ]);
      expect(statuses(text)).toEqual([200]);
      expect(lastJson(text)[0].match).toBe('John 3:16');
    },
  );

  it('an HTTP/1.1 request without Host: 400 in JSON, counted; HTTP/1.0 needs none', async () => {
    const { text } = await raw(['GET /healthz HTTP/1.1\r\n\r\n']);
    expect(statuses(text)).toEqual([400]);
    expect(lastJson(text).error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/Host/) });
    expect(faults).toEqual(['malformed']);
    const old = await raw(['GET /healthz HTTP/1.0\r\n\r\n']);
    expect(lastJson(old.text).status).toBe('ok');
  });
});

describe('pipelined requests', () => {
  it('answers each in order on one connection', async () => {
    const { text } = await raw([
      'GET /GetVerse?verseId=43003016&versionId=kjv HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /Nope HTTP/1.1\r\nHost: x\r\n\r\n' +
        'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nJohn 3:16' +
        `HEAD ${BIG} HTTP/1.1\r\nHost: x\r\n\r\n` +
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    expect(statuses(text)).toEqual([200, 404, 200, 200, 200]);
    expect(lastJson(text).status).toBe('ok');
  });

  it('a client that pipelines thousands of requests and reads nothing gets only a few built ahead', async () => {
    const real = await bible();
    let calls = 0;
    const counting = Object.create(real);
    counting.call = (name: string, params: Record<string, string>) => {
      calls++;
      return real.call(name, params);
    };
    const own = await startServer({ bible: counting, writeTimeoutMs: 60_000 });
    const total = 3_000;
    const socket = connect(own.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.pause();
    socket.write('GET /GetChapter?bookId=19&chapterId=119 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(total));
    try {
      // Until the count stops moving: what the kernel's buffers took, plus the few built ahead.
      let seen = -1;
      for (let i = 0; i < 50 && calls !== seen; i++) {
        seen = calls;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThan(total / 2);
      socket.resume();
      let got = 0;
      let tail = '';
      socket.on('data', (c: Buffer) => {
        // The last 12 characters carried over are too short to hold a whole status line's start.
        const text = tail + c.toString('latin1');
        got += text.split('HTTP/1.1 200 ').length - 1;
        tail = text.slice(-12);
        if (got >= total) socket.end();
      });
      await new Promise((done) => socket.on('close', done));
      expect(got).toBe(total);
    } finally {
      socket.destroy();
      await own.close(100);
    }
  });

  const next: [string, string, number][] = [
    ['garbage', 'GARBAGE\x01\x02 HTTP/9\r\n\r\n', 400],
    ['headers over the limit', `GET /healthz HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ];
  it.each(next)('a good request followed by %s: its answer first, whole, then the refusal', async (_n, bad, status) => {
    for (const first of ['GET /GetVerse?verseId=43003016&versionId=kjv', `GET ${BIG}`]) {
      faults.length = 0;
      const { text, bytes } = await raw([`${first} HTTP/1.1\r\nHost: x\r\n\r\n${bad}`]);
      expect(statuses(text)).toEqual([200, status]);
      expect(faults).toHaveLength(1);
      if (first.includes('GetVerse')) {
        const body = text.slice(text.indexOf('\r\n\r\n') + 4, text.indexOf('HTTP/1.1', 10));
        expect(JSON.parse(body)[0].id).toBe('43003016');
      } else {
        expect(bytes.length).toBeGreaterThan(700_000);
        expect(text).toContain('\r\n0\r\n\r\nHTTP/1.1 ');
      }
    }
  });

  it('a POST whose body runs into garbage: the POST is answered, then 400', async () => {
    const { text } = await raw([
      'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nJohn 3:16GARBAGE\x01\r\n\r\n',
    ]);
    expect(statuses(text)).toEqual([200, 400]);
  });
});

describe('slow and vanishing clients', () => {
  it('slow headers: 408, one fault', async () => {
    const { text } = await raw(['GET /healthz HTTP/1.1\r\n', 'X-a: 1\r\n', 'X-b: 1\r\n', 'X-c: 1\r\n', 'X-d: 1\r\n'], {
      gapMs: 250,
    });
    expect(statuses(text)).toEqual([408]);
    expect(lastJson(text).error.code).toBe('REQUEST_TIMEOUT');
    expect(faults).toEqual(['request-timeout']);
  });

  it('a body that stops mid-way: 408 when the client waits, one fault either way', async () => {
    const head = 'POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nJohn 3:16';
    const waited = await raw([head], { waitMs: 2_500 });
    expect(statuses(waited.text)).toEqual([408]);
    await new Promise((r) => setTimeout(r, 100));
    expect(faults).toEqual(['request-timeout']);
    faults.length = 0;
    await raw([head], { waitMs: 100 });
    await new Promise((r) => setTimeout(r, 200));
    expect(faults).toEqual(['reset']);
  });

  it('Expect: 100-continue, a large body refused before it is sent, other expectations 417 in JSON', async () => {
    const expectHead = (length: number, expectation = '100-continue') =>
      `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\nExpect: ${expectation}\r\nConnection: close\r\n\r\n`;
    const small = await raw([expectHead(9), 'John 3:16'], { gapMs: 100 });
    expect(statuses(small.text)).toEqual([100, 200]);
    const large = await raw([expectHead(2_000_000)]);
    expect(statuses(large.text)).toEqual([413]);
    const other = await raw([`${expectHead(9, 'something-else')}John 3:16`]);
    expect(statuses(other.text)).toEqual([417]);
    expect(lastJson(other.text).error.code).toBe('EXPECTATION_FAILED');
  });

  it('large answers: whole JSON with and without gzip, HEAD without a body', async () => {
    const plain = await get(server.url, BIG);
    const zipped = await get(server.url, BIG, { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.json()).toEqual(plain.json());
    expect(plain.json().length).toBeGreaterThan(1000);
    const head = await get(server.url, BIG, {}, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(server.answerBudget.reserved).toBe(0);
  });

  it('a POST body: bytes that are not UTF-8 get 400, a repeated JSON key 400, multipart 415', async () => {
    const post = (type: string, body: Buffer) =>
      raw([
        Buffer.concat([
          Buffer.from(
            `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          ),
          body,
        ]),
      ]);
    const latin1 = await post('text/plain', Buffer.from('John 3:16 \xe9', 'latin1'));
    expect(statuses(latin1.text)).toEqual([400]);
    expect(lastJson(latin1.text).error.message).toMatch(/not valid UTF-8/);
    const twice = await post('application/json', Buffer.from('{"text":"John 3:16","text":"Rom 8:28"}'));
    expect(statuses(twice.text)).toEqual([400]);
    expect(lastJson(twice.text).error.param).toBe('text');
    const form = await post('multipart/form-data; boundary=b', Buffer.from('--b\r\n\r\nJohn 3:16\r\n--b--\r\n'));
    expect(statuses(form.text)).toEqual([415]);
    expect(lastJson(form.text).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an absolute-form request target as its origin form', async () => {
    const answer = await raw([
      'GET http://example.org/GetVerse?verseId=43003016 HTTP/1.1\r\nHost: example.org\r\nConnection: close\r\n\r\n',
    ]);
    expect(statuses(answer.text)).toEqual([200]);
    expect(lastJson(answer.text)[0].id).toBe('43003016');
  });

  it('HEAD of a streamed answer carries the headers a GET would, and the connection stays usable', async () => {
    const without = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    for (const encoding of [{}, { 'Accept-Encoding': 'gzip' }] as Record<string, string>[]) {
      const full = await get(server.url, BIG, encoding);
      const head = await get(server.url, BIG, encoding, { method: 'HEAD' });
      expect(full.headers['transfer-encoding']).toBe('chunked');
      expect(without(head.headers)).toEqual(without(full.headers));
    }
    // No chunk terminator follows the HEAD answer: the next answer on the connection is read whole.
    const both = await raw([
      `HEAD ${BIG} HTTP/1.1\r\nHost: x\r\n\r\nGET /GetVerse?verseId=43003016 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    const [, second] = both.text.split(/\r\n\r\n/);
    expect(second.startsWith('HTTP/1.1 200')).toBe(true);
  });

  it.each([
    ['gzip', true],
    ['gzip ; q=0.5', true],
    ['*', true],
    ['*, gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    ['*;q=0', false],
  ])('Accept-Encoding: %s -> gzip %s, the same JSON either way', async (accept, gzipped) => {
    const answer = await get(server.url, '/GetChapter?bookId=43&chapterId=3', { 'Accept-Encoding': accept });
    expect(answer.headers['content-encoding'] === 'gzip').toBe(gzipped);
    expect(answer.json()[15].id).toBe('43003016');
  });

  it('clients that never read hold at most the budget, are cut off, and leave it free', async () => {
    const readers = Array.from({ length: 5 }, () =>
      raw([`GET /GetSearch?query=the&versionId=kjv HTTP/1.1\r\nHost: x\r\n\r\n`], { paused: true, waitMs: 3_000 }),
    );
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, server.answerBudget.reserved)), 10);
    await new Promise((r) => setTimeout(r, 400));
    const cheap = await get(server.url, '/GetVerse?verseId=43003016');
    expect(cheap.status).toBe(200);
    await Promise.all(readers);
    clearInterval(watch);
    // One answer larger than the whole budget may go out alone; never more than that.
    expect(most).toBeLessThanOrEqual(Math.max(BUDGET, 6_000_000));
    await new Promise((r) => setTimeout(r, 200));
    expect(server.answerBudget.reserved).toBe(0);
    expect(faults).toContain('write-timeout');
  });

  it('a reader that pauses and resumes gets its whole answer', async () => {
    const answer = await new Promise<Buffer>((done) => {
      const socket = connect(server.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.pause();
      const tick = setInterval(() => {
        socket.resume();
        setTimeout(() => socket.pause(), 5);
      }, 200);
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => {
        clearInterval(tick);
        done(Buffer.concat(chunks));
      });
      socket.write(`GET ${BIG} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`);
    });
    const text = answer.toString('latin1');
    expect(statuses(text)).toEqual([200]);
    expect(text.endsWith('\r\n0\r\n\r\n')).toBe(true);
    expect(faults).toEqual([]);
    const body = dechunk(answer.subarray(answer.indexOf('\r\n\r\n') + 4));
    expect(JSON.parse(gunzipSync(body).toString()).length).toBeGreaterThan(1000);
  });

  it('rapid connect and disconnect leave the server answering', async () => {
    for (let i = 0; i < 200; i++) {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      if (i % 2) socket.write(`GET ${BIG} HTTP/1.1\r\nHost: x\r\n\r\n`);
      setImmediate(() => socket.destroy());
    }
    await new Promise((r) => setTimeout(r, 500));
    expect((await get(server.url, '/healthz')).status).toBe(200);
    // Answers already being built for the vanished clients give their room back once they end.
    await vi.waitFor(() => expect(server.answerBudget.reserved).toBe(0), { timeout: 15_000, interval: 100 });
  });
});

/** The body of a chunked answer. */
function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString(), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

describe('/healthz and /metrics access', () => {
  it('on their own port, and not on the main one', async () => {
    const own = await startServer({ opsPort: 0 });
    try {
      expect((await get(own.url, '/healthz')).status).not.toBe(200);
      const ops = await get(`http://127.0.0.1:${own.opsPort}/`, '/healthz');
      expect(ops.json().status).toBe('ok');
      expect((await get(`http://127.0.0.1:${own.opsPort}/`, '/GetVerse?verseId=43003016')).status).toBe(404);
    } finally {
      await own.close(100);
    }
  });

  it('with a key when keyed', async () => {
    const keys = parseKeyFile(JSON.stringify({ plans: { p: null }, keys: { k_test_1: 'p' } }));
    const keyed = await startServer({ keys, opsAccess: 'keyed' });
    try {
      expect((await get(keyed.url, '/healthz')).status).toBe(401);
      expect((await get(keyed.url, '/healthz', { 'x-api-key': 'wrong' })).status).toBe(401);
      expect((await get(keyed.url, '/healthz', { 'x-api-key': 'k_test_1' })).status).toBe(200);
    } finally {
      await keyed.close(100);
    }
  });
});

describe('SIGTERM while answers stream', () => {
  it('answers in flight finish whole, idle connections end, the process exits 0', async () => {
    const main = resolve(import.meta.dirname, 'serve-main.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', main, '--port', '0', '--host', '127.0.0.1', '--grace', '20', '--workers', '2'],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: resolve(import.meta.dirname, '..', '..') },
    );
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const url = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c;
        const m = /listening on (http:\/\/\S+\/)/.exec(out);
        if (m) done(m[1]);
      });
      child.on('exit', (code) => fail(new Error(`bible serve exited ${code}: ${stderr}`)));
    });
    const port = Number(new URL(url).port);
    // A slow reader, and when its answer has begun (the stop must land on answers in flight, however
    // long a busy machine takes to start them).
    const slowRead = (path: string) => {
      let begun: () => void = () => {};
      const started = new Promise<void>((done) => (begun = done));
      const whole = new Promise<Buffer>((done) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.pause();
        const tick = setInterval(() => {
          socket.resume();
          setTimeout(() => socket.pause(), 3);
        }, 40);
        socket.on('data', (c: Buffer) => {
          chunks.push(c);
          begun();
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(tick);
          begun();
          done(Buffer.concat(chunks));
        });
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      return { started, whole };
    };
    const idle = connect(port, '127.0.0.1');
    const idleClosed = new Promise<void>((done) => idle.on('close', () => done()));
    idle.on('error', () => {});
    const reads = [slowRead(BIG), slowRead('/GetSearch?query=the&versionId=kjv')];
    await Promise.all(reads.map((read) => read.started));
    child.kill('SIGTERM');
    for (const answer of await Promise.all(reads.map((read) => read.whole))) {
      expect(statuses(answer.toString('latin1'))).toEqual([200]);
      const rows = JSON.parse(dechunk(answer.subarray(answer.indexOf('\r\n\r\n') + 4)).toString());
      expect(rows.length).toBeGreaterThan(1000);
    }
    await idleClosed;
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
