// SIGTERM while slow clients are mid-answer, on `bible serve` as its own process (one process, and a
// primary with two workers): every answer in flight arrives whole, then the process exits by itself.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bible } from '../helpers.ts';

const MAIN = resolve(import.meta.dirname, 'serve-main.ts');
const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';

function start(args: string[]) {
  const child = spawn(
    process.execPath,
    // A grace period that a loaded test machine cannot outlast: the point is that nothing is cut before it ends.
    [
      '--import',
      'tsx',
      MAIN,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--answer-memory',
      '512',
      '--grace',
      '120',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const port = new Promise<number>((done, fail) => {
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) done(Number(m[1]));
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited.then((code) => fail(new Error(`exited ${code}: ${out}`)));
  });
  return { child, port, exited, output: () => out };
}

/** Asks for the heavy answer and reads it slowly; resolves with the body once the server closes. */
function slowReader(port: number, started: () => void): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${HEAVY} HTTP/1.1\r\nHost: x\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      if (!chunks.length) started();
      chunks.push(chunk);
      socket.pause();
      setTimeout(() => socket.resume(), 1);
    });
    // A reset is an answer cut short, reported like one rather than failing the whole wait.
    socket.on('error', (error) =>
      done(`${(error as NodeJS.ErrnoException).code} after ${Buffer.concat(chunks).length} bytes`),
    );
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const headEnd = answer.indexOf('\r\n\r\n');
      const chunked = /transfer-encoding: chunked/i.test(answer.subarray(0, headEnd).toString('latin1'));
      let body = answer.subarray(headEnd + 4);
      const parts: Buffer[] = chunked ? [] : [body];
      let at = 0;
      while (chunked) {
        const lineEnd = body.indexOf('\r\n', at);
        const size = lineEnd < 0 ? 0 : Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
        if (!(size > 0)) break;
        parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      done(parts.length ? body.toString('utf8') : answer.subarray(0, 300).toString('latin1'));
    });
  });
}

describe('graceful shutdown of bible serve', () => {
  for (const [label, args, readers] of [
    ['one process', [], 20],
    ['two workers', ['--workers', '2'], 8],
  ] as const) {
    it(`${label}: SIGTERM lets ${readers} slow readers finish whole answers, then exits`, {
      timeout: 120_000,
    }, async () => {
      const b = await bible();
      const want = JSON.stringify(
        await b.call('GetSearchAdvanced', { query: 'th', matchType: 'broad', versionId: 'kjv' }),
      );
      const server = start([...args]);
      const port = await server.port;
      let begun = 0;
      let allBegun: () => void = () => {};
      const begunAll = new Promise<void>((done) => {
        allBegun = done;
      });
      const answers = Array.from({ length: readers }, () =>
        slowReader(port, () => {
          if (++begun === readers) allBegun();
        }),
      );
      await begunAll;
      server.child.kill('SIGTERM');
      const bodies = await Promise.all(answers);
      expect(
        bodies.map((body) =>
          body === want ? 'whole' : body.startsWith('HTTP') ? body : `${body.length} of ${want.length} characters`,
        ),
      ).toEqual(Array(readers).fill('whole'));
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/SIGTERM/);
    });
  }
});
