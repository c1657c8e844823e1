// `bible serve` as a user starts it: flags and PORT, the printed address, keys from a file, audio,
// and a graceful stop on SIGTERM and SIGINT that lets answers in flight finish.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../engine/node/serve-args.ts';
import { get } from './http.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');
const scratch = mkdtempSync(join(tmpdir(), 'bible-serve-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts `bible serve` and waits for the address it prints. */
function start(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no address printed: ${out}`));
    }, 30_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+\/)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1], output: () => out, exit });
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exit.then((code) => {
      clearTimeout(timer);
      if (!/listening on/.test(out)) reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

describe('bible serve', () => {
  it('reads flags strictly, PORT when --port is absent, and refuses bad values', () => {
    expect(parseServeArgs([], {})).toMatchObject({ port: 8080, host: '127.0.0.1' });
    expect(parseServeArgs([], { PORT: '9000' }).port).toBe(9000);
    expect(parseServeArgs(['--port', '7000'], { PORT: '9000' }).port).toBe(7000);
    expect(parseServeArgs(['--port=0', '--host=127.0.0.1', '--keys', 'k.json'], {})).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      keys: 'k.json',
    });
    expect(parseServeArgs(['--audio', 'https://a.example/{versionId}/{bookId}/{chapterId}.mp3'], {}).audio).toBe(
      'https://a.example/{versionId}/{bookId}/{chapterId}.mp3',
    );
    expect(() => parseServeArgs(['--port', '70000'], {})).toThrow(/port/);
    expect(() => parseServeArgs([], { PORT: 'eighty' })).toThrow(/^PORT must be a whole number/);
    expect(() => parseServeArgs(['--port'], {})).toThrow(/needs a value/);
    expect(() => parseServeArgs(['--verbose'], {})).toThrow(/unknown option/);
    expect(() => parseServeArgs(['--audio', 'https://a.example/{nope}.mp3'], {})).toThrow(/audio/);
    expect(parseServeArgs(['--workers', '4', '--redis', 'redis://127.0.0.1:6379', '--access-log'], {})).toMatchObject({
      workers: 4,
      redis: 'redis://127.0.0.1:6379',
      redisFailure: 'closed',
      accessLog: true,
    });
    expect(parseServeArgs([], { BIBLE_REDIS_URL: 'redis://r:6379' })).toMatchObject({
      workers: 1,
      redis: 'redis://r:6379',
    });
    expect(parseServeArgs(['--redis-failure', 'open', '--concurrent-answers', '8'], {})).toMatchObject({
      redisFailure: 'open',
      concurrentAnswers: 8,
    });
    for (const bad of [
      ['--workers', '0'],
      ['--workers', 'many'],
      ['--redis', 'localhost:6379'],
      ['--redis-failure', 'maybe'],
      ['--concurrent-answers', '0'],
    ]) {
      expect(() => parseServeArgs(bad, {}), bad.join(' ')).toThrow(new RegExp(bad[0]));
    }
  });

  it('starts on PORT, prints its address, needs keys from --keys, and stops gracefully on SIGTERM', {
    timeout: 60_000,
  }, async () => {
    const keyFile = join(scratch, 'keys.json');
    writeFileSync(keyFile, JSON.stringify({ plans: { basic: 100 }, keys: { 'test-key-1': 'basic' } }));
    const audio = 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3';
    const server = await start(['--host', '127.0.0.1', '--keys', keyFile, '--audio', audio], { PORT: '0' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.output()).toContain('API keys required: 1 key');
    expect((await get(server.url, '/GetVerse?verseId=43003016')).status).toBe(401);
    const answer = await get(server.url, '/GetVerse?verseId=43003016', { 'x-rapidapi-key': 'test-key-1' });
    expect(answer.status).toBe(200);
    expect(answer.json()[0].t).toMatch(/^For God so loved/);
    expect(answer.headers['x-ratelimit-remaining']).toBe('99');
    const narration = await get(server.url, '/GetAudioNarration?bookId=43&chapterId=3', { 'x-api-key': 'test-key-1' });
    expect(narration.status).toBe(200);
    expect(JSON.stringify(narration.json())).toContain('https://cdn.example/kjv/43/003.mp3');
    // An idle keep-alive connection must not hold the shutdown up.
    const agent = new Agent({ keepAlive: true });
    expect((await get(server.url, '/GetInfo', { 'x-api-key': 'test-key-1' }, { agent })).status).toBe(200);
    const t0 = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(performance.now() - t0).toBeLessThan(8_000);
    expect(server.output()).toMatch(/SIGTERM[\s\S]*stopped/);
    agent.destroy();
  });

  it('stops on SIGINT too, and exits 2 with a message for bad options', { timeout: 60_000 }, async () => {
    const server = await start(['--port', '0', '--host', '127.0.0.1']);
    expect((await get(server.url, '/GetVerse?verseId=01001001')).json()[0].t).toMatch(/^In the beginning/);
    server.child.kill('SIGINT');
    expect(await server.exit).toBe(0);
    const bad = spawn(process.execPath, [BIN, 'serve', '--keys', join(scratch, 'missing.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((done) => bad.on('exit', done));
    expect(code).toBe(2);
    expect(err).toContain('cannot read the key file');
  });
});
