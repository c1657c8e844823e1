// The server when a few clients try to starve the rest, with small limits so the cases stay quick: the
// answer of a posted text is measured before it is built (refused past its limit, answered alone over the
// budget on an idle server), clients that stop reading and bodies that trickle give their budget back to
// those waiting, idle keep-alive connections make room under the connection cap, and /metrics scrapes
// share one exposition and count against a key's plan.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseKeyFile } from '../../engine/node/keys.ts';
import type { ServerMetrics } from '../../engine/node/metrics.ts';
import type { BibleServer, ServeOptions } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const MiB = 1024 * 1024;
const WHOLE_BIBLE = 'Gen 1:1-Rev 22:21 ';
const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';

const servers: BibleServer[] = [];
const sockets: Socket[] = [];
async function server(options: ServeOptions): Promise<BibleServer> {
  const srv = await startServer({ webDir: null, ...options });
  servers.push(srv);
  return srv;
}
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((srv) => srv.close(100)));
});

/** POSTs `text` as the body of GetCitationsInText and reads the whole answer. */
function post(srv: BibleServer, text: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const socket = connect(srv.port, '127.0.0.1', () => {
      const body = Buffer.from(text);
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(
        `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n${extra}\r\n`,
      );
      socket.end(body);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      let body = answer.slice(head.length + 4);
      if (/transfer-encoding: chunked/i.test(head)) body = unchunk(body);
      resolve({ status: Number(head.split(' ')[1]), text: body });
    });
  });
}

function unchunk(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** A raw socket that sends `request` and never reads. */
function nonReader(srv: BibleServer, request: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(srv.port, '127.0.0.1', () => {
      socket.pause();
      socket.write(request);
      resolve(socket);
    });
    socket.on('error', () => {});
    sockets.push(socket);
  });
}

describe('the answer of a posted text', () => {
  it('is refused with 413 naming the limit when it would be larger than one answer may be', async () => {
    const srv = await server({ answerBudgetBytes: MiB, budgetWaitMs: 2_000 });
    const answer = await post(srv, WHOLE_BIBLE.repeat(6_000));
    expect(answer.status).toBe(413);
    const error = JSON.parse(answer.text).error;
    expect(error.code).toBe('ANSWER_TOO_LARGE');
    expect(error.message).toContain((2 * MiB).toLocaleString('en'));
    // Nothing was reserved for it, and the server answers on.
    expect(srv.answerBudget.reserved).toBe(0);
    expect((await get(srv.url, '/GetVerse?verseId=01001001&versionId=kjv')).status).toBe(200);
  });

  it('over the budget is answered, whole, on an idle server', async () => {
    const srv = await server({ answerBudgetBytes: MiB, budgetWaitMs: 2_000 });
    const text = WHOLE_BIBLE.repeat(500);
    const answer = await post(srv, text);
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBeGreaterThan(MiB);
    const b = await bible();
    expect(JSON.parse(answer.text)).toEqual(JSON.parse(JSON.stringify(await b.call('GetCitationsInText', { text }))));
    expect(srv.answerBudget.reserved).toBe(0);
  });
});

describe('clients that do not keep up', () => {
  it('give the budget of answers they do not read to a POST and a search that wait for it', async () => {
    const srv = await server({
      answerBudgetBytes: 2 * MiB,
      budgetWaitMs: 3_000,
      writeTimeoutMs: 60_000,
      yieldGraceMs: 100,
    });
    for (let i = 0; i < 4; i++) await nonReader(srv, `GET ${HEAVY} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await vi.waitFor(() => expect(srv.answerBudget.reserved).toBeGreaterThan(0), { timeout: 10_000 });
    // A body over 64 KiB reserves in the budget itself; the search answers about 100 KB.
    const [notes, search] = await Promise.all([
      post(srv, 'And it was so. '.repeat(5_000)),
      get(srv.url, '/GetSearchAdvanced?query=love&matchType=broad&versionId=kjv'),
    ]);
    expect(notes.status).toBe(200);
    expect(JSON.parse(notes.text)).toEqual([]);
    expect(search.status).toBe(200);
    expect(search.json().length).toBeGreaterThan(0);
  });

  it('give the budget of bodies that trickle to a POST that waits for it', async () => {
    const faults: string[] = [];
    const srv = await server({
      answerBudgetBytes: 2 * MiB,
      budgetWaitMs: 3_000,
      yieldGraceMs: 100,
      onClientFault: (kind) => faults.push(kind),
    });
    const slow: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      slow.push(
        await nonReader(
          srv,
          `POST /GetCitationsInText HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${MiB}\r\n\r\nJ`,
        ),
      );
    }
    await vi.waitFor(() => expect(srv.answerBudget.waiting).toBe(1));
    // A body over 64 KiB reserves in the budget itself.
    const notes = await post(srv, 'And it was so, as in John 3:16. '.repeat(2_500));
    expect(notes.status).toBe(200);
    expect(JSON.parse(notes.text)).toHaveLength(2_500);
    expect(faults).toContain('slow-body');
  });
});

describe('the connection cap', () => {
  it('closes idle keep-alive connections, the oldest first, before it refuses a newcomer', async () => {
    const srv = await server({ maxConnections: 3 });
    const idle: Socket[] = [];
    const closed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(srv.port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => {});
      socket.on('close', () => closed.push(i));
      await new Promise<void>((answered) => {
        socket.once('data', () => answered());
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      idle.push(socket);
    }
    const newcomer = await get(srv.url, '/GetVerse?verseId=01001001&versionId=kjv');
    expect(newcomer.status).toBe(200);
    await vi.waitFor(() => expect(closed).toEqual([0]));
  });
});

describe('/metrics', () => {
  const counting = () => {
    let gathered = 0;
    const metrics: ServerMetrics = {
      request() {},
      rejection() {},
      redisError() {},
      async exposition() {
        gathered++;
        await new Promise((done) => setTimeout(done, 50));
        return { contentType: 'text/plain', body: `# gathered ${gathered}\n` };
      },
    };
    return { metrics, gathered: () => gathered };
  };

  it('scrapes that arrive at once share one exposition', async () => {
    const { metrics, gathered } = counting();
    const srv = await server({ metrics });
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(srv.url, '/metrics')));
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    expect(gathered()).toBe(1);
  });

  it('with keys, a scrape counts against the key plan like any request', async () => {
    const { metrics } = counting();
    const keys = parseKeyFile(JSON.stringify({ plans: { tiny: 2 }, keys: { 'k-tiny': 'tiny' } }));
    const srv = await server({ metrics, keys, opsAccess: 'keyed' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(srv.url, '/metrics', { 'x-api-key': 'k-tiny' })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
