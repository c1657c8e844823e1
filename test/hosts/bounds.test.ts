// What the server holds stays bounded whatever clients do, over real sockets: pipelined requests stop
// being read once a connection has a few answers in hand, connections beyond the cap get 503 and are
// closed, small answers that clients leave unread count in the budget's headroom, and request bodies
// count in the budget.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BibleServer, ServeOptions } from '../../engine/node/server.ts';
import { get, startServer } from './http.ts';

const servers: BibleServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close(100)));
});

async function server(options: ServeOptions): Promise<BibleServer> {
  const s = await startServer({ webDir: null, ...options });
  servers.push(s);
  return s;
}

/** A connection that has sent `bytes` and reads nothing until told; `read()` then collects all it gets. */
function nonReader(port: number, bytes: string) {
  const chunks: Buffer[] = [];
  let closed = false;
  const socket: Socket = connect(port, '127.0.0.1', () => socket.write(bytes));
  socket.pause();
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  return {
    socket,
    get closed() {
      return closed;
    },
    /** reads for `ms` (or until `enough` holds of what came), then hangs up; the bytes, as Latin-1 */
    read(ms: number, enough?: (text: string) => boolean): Promise<string> {
      socket.resume();
      return new Promise((done) => {
        const finish = () => {
          clearTimeout(timer);
          clearInterval(check);
          socket.destroy();
          done(Buffer.concat(chunks).toString('latin1'));
        };
        const timer = setTimeout(finish, ms);
        const check = setInterval(() => enough?.(Buffer.concat(chunks).toString('latin1')) && finish(), 50);
      });
    },
  };
}

const statusesIn = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('pipelined requests', () => {
  it('a connection that sends thousands and reads nothing stops being read', async () => {
    const s = await server({ writeTimeoutMs: 5_000 });
    let parsed = 0;
    s.server.on('request', () => parsed++);
    // Long answers (Psalm 119) fill the socket's buffers after a few dozen; then nothing more is parsed.
    const one = 'GET /GetChapter?bookId=19&chapterId=119 HTTP/1.1\r\nHost: x\r\n\r\n';
    const count = 5_000;
    const client = nonReader(s.port, one.repeat(count));
    // Parsing stops (however long the machine takes to get there) well short of the whole stream.
    let before = -1;
    for (let waited = 0; parsed !== before && waited < 10_000; waited += 400) {
      before = parsed;
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(parsed).toBe(before);
    // Node parses what one read brings (64 KiB) before it sees the pause, beyond what the socket took.
    expect(parsed).toBeLessThan(count / 2);
    client.socket.destroy();
  });

  it('a connection that stopped being read is read on as answers go, and every request is answered in order', async () => {
    const s = await server({});
    const count = 1_500;
    const requests = Array.from({ length: count }, (_, i) => {
      const verse = String((i % 20) + 1).padStart(3, '0');
      return `GET /GetVerse?verseId=43003${verse} HTTP/1.1\r\nHost: x\r\n\r\n`;
    });
    const client = nonReader(s.port, requests.join(''));
    await new Promise((r) => setTimeout(r, 200));
    const text = await client.read(8_000, (t) => statusesIn(t).length >= count);
    expect(statusesIn(text)).toEqual(Array(count).fill(200));
    const ids = [...text.matchAll(/"id":"(\d+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(requests.map((r) => /verseId=(\d+)/.exec(r)![1]));
  });
});

describe('the connection cap', () => {
  it('a connection beyond it gets 503 with Retry-After to its request and is closed; a silent one is closed', async () => {
    const s = await server({ maxConnections: 3 });
    // Each holds its place with a request whose body has not arrived yet (one that has sent nothing would
    // give its place to a newcomer).
    const body = 'John 3:16';
    const posting = `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const held = Array.from({ length: 3 }, () => nonReader(s.port, posting));
    await new Promise((r) => setTimeout(r, 100));
    const refused = await get(s.url, '/GetVerse?verseId=43003016');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    expect(refused.json().error.code).toBe('BUSY');
    const silent = nonReader(s.port, '');
    silent.socket.resume();
    expect(await until(() => silent.closed, 3_000)).toBe(true);
    // The held connections are served, and once one goes, a new connection is served again.
    const first = held[0];
    first.socket.write(body);
    expect(statusesIn(await first.read(300))).toEqual([200]);
    expect(await until(() => first.closed, 1_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect((await get(s.url, '/GetVerse?verseId=43003016')).status).toBe(200);
    for (const h of held) h.socket.destroy();
  });
});

describe('memory held for unread answers', () => {
  it('small answers pipelined behind an unread one count in the headroom, and past it get 503', async () => {
    // A 40 kB budget leaves 10 kB for small answers; each chapter below is about 4 kB of JSON.
    const s = await server({ answerBudgetBytes: 40_000, writeTimeoutMs: 10_000 });
    const headroom = s.answerBudget.headroom;
    const heavy = 'GET /GetSearchAdvanced?query=th&matchType=broad&versionId=kjv HTTP/1.1\r\nHost: x\r\n\r\n';
    const chapters = Array.from(
      { length: 7 },
      (_, i) => `GET /GetChapter?bookId=43&chapterId=${i + 1} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ).join('');
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, s.answerBudget.taken)), 5);
    const client = nonReader(s.port, heavy + chapters);
    await new Promise((r) => setTimeout(r, 600));
    // Another client, reading each answer, is answered meanwhile.
    expect((await get(s.url, '/GetChapter?bookId=19&chapterId=23')).status).toBe(200);
    // Every answer arrives (the large one first, at the pace of a loaded machine), then the client hangs up.
    const text = await client.read(30_000, (t) => statusesIn(t).length === 8);
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(headroom);
    expect(statusesIn(text)).toContain(503);
    expect(await until(() => s.answerBudget.taken === 0 && s.answerBudget.reserved === 0, 2_000)).toBe(true);
  });

  it('a request body counts in the budget while it arrives: a second one that does not fit gets 503', async () => {
    const s = await server({ answerBudgetBytes: 1_500_000, budgetWaitMs: 300, requestTimeoutMs: 5_000 });
    const head = (bytes: number) =>
      `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${bytes}\r\n\r\n`;
    const first = nonReader(s.port, `${head(1_000_000)}John 3:16 `);
    expect(await until(() => s.answerBudget.reserved >= 1_000_000, 5_000)).toBe(true);
    const second = nonReader(s.port, `${head(1_000_000)}Gen 1:1 `);
    const text = await second.read(800);
    expect(statusesIn(text)).toEqual([503]);
    expect(text).toMatch(/Retry-After: 5/i);
    expect(s.answerBudget.reserved).toBeLessThanOrEqual(1_500_000);
    first.socket.destroy();
    expect(await until(() => s.answerBudget.reserved === 0, 2_000)).toBe(true);
  });
});
