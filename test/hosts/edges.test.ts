// The server's and the CLI's edges: a Redis password never reaches a log, a link never takes a static file
// out of its folder, copy-packs writes only plain names in its folder, bad flags and key files are one
// clear line with exit 2, and `bible serve` binds where it says it does.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { checkRedisUrl, maskUrlPassword, passwordScrubber } from '../../engine/node/rate-limits.ts';
import { parseServeArgs } from '../../engine/node/serve-args.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { get, startServer } from './http.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');
const scratch = mkdtempSync(join(tmpdir(), 'bible-edges-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `bible …` to its end; a command that would hang is killed and reported as such. */
function bible(args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, killed: run.signal !== null };
}

/** A refusal as the brief of every command wants it: exit 2, one line on stderr, no stack trace. */
function expectOneLineRefusal(run: ReturnType<typeof bible>, command: string, mentions: RegExp) {
  expect(run.killed, `${command} hung`).toBe(false);
  expect(run.status, run.stderr).toBe(2);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^bible ${command}: `));
  expect(lines[0]).toMatch(mentions);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

interface Serving {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts `bible serve` and waits for the address it prints. */
function serve(args: string[]): Promise<Serving> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  void exit.then(() => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+\/)/.exec(out);
      if (match)
        resolvePromise({
          child,
          url: match[1],
          output: () => out,
          stop: () => {
            child.kill('SIGTERM');
            return exit;
          },
        });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exit.then((code) => reject(new Error(`bible serve exited ${code}: ${out}`)));
  });
}

/** Waits until `test` holds for the output, or fails after a while saying what was there. */
async function waitFor(output: () => string, test: RegExp, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test.test(output())) {
    if (Date.now() > until) throw new Error(`no ${test} in: ${output()}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Does anything accept a TCP connection at host:port? */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, host);
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

describe('secrets stay out of logs', () => {
  const userPart = fc.stringMatching(/^[a-z0-9_]{0,8}$/);
  // '*' left out: the mask itself is made of it.
  const password = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((p) => !p.includes('*'));

  it('prints a Redis URL with the password masked, and only the password', () => {
    fc.assert(
      fc.property(userPart, password, (user, secret) => {
        const url = `redis://${user}:${encodeURIComponent(secret)}@cache.internal:6380/2`;
        expect(maskUrlPassword(url)).toBe(`redis://${user}:***@cache.internal:6380/2`);
      }),
    );
    expect(maskUrlPassword('rediss://cache.internal:6380')).toBe('rediss://cache.internal:6380');
    expect(maskUrlPassword('redis://only-a-secret@host:6379')).toBe('redis://***@host:6379');
    // A password with an unencoded '/' or '@' is masked whole, never cut where the host seems to start.
    expect(maskUrlPassword('redis://u:pa/ss@wo@host:6379')).toBe('redis://u:***@host:6379');
  });

  it('removes the password, raw or percent-decoded, from any message that quotes it', () => {
    fc.assert(
      fc.property(
        password.filter((p) => p.length >= 4),
        fc.string(),
        (secret, words) => {
          const encoded = encodeURIComponent(secret);
          const url = `redis://default:${encoded}@127.0.0.1:6379`;
          const scrub = passwordScrubber(url);
          const message = scrub(`${words} ${url} failed: AUTH ${secret} (${encoded}) ${words}`);
          expect(message).not.toContain(secret);
          expect(message).not.toContain(encoded);
        },
      ),
    );
  });

  it('refuses a bad Redis URL without quoting its password', () => {
    for (const url of ['http://u:hunter22@host', 'redis://:hunter22@host/db-name', 'redis://:hunter22@', 'hunter22']) {
      expect(() => checkRedisUrl(url), url).toThrow(/--redis must be a URL like redis:\/\//);
      expect(() => parseServeArgs(['--redis', url], {}), url).toThrow(/--redis/);
      try {
        parseServeArgs([], { BIBLE_REDIS_URL: url });
      } catch (error) {
        expect(String(error)).toMatch(/^Error: BIBLE_REDIS_URL must be/);
        if (url !== 'hunter22') expect(String(error)).not.toContain('hunter22');
      }
    }
    expect(() => checkRedisUrl('redis://u:pw@cache.internal:6380/3')).not.toThrow();
  });

  const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
  if (!hasRedis && !process.env.CI)
    console.log('skipping the Redis log test: redis-server is not installed (scripts/install-redis.sh installs it)');

  it.skipIf(!hasRedis && !process.env.CI)(
    'a real Redis with a password: stdout and stderr of the primary and its workers never show it',
    { timeout: 90_000 },
    async () => {
      const secret = 'hunter2-s3cret@pw';
      const redisPort = await freePort();
      const redis = spawn(
        'redis-server',
        [
          '--port',
          String(redisPort),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--requirepass',
          secret,
        ],
        { stdio: 'ignore' },
      );
      children.add(redis);
      const redisExit = new Promise((done) => redis.on('exit', done));
      try {
        const until = Date.now() + 10_000;
        while (!(await accepts('127.0.0.1', redisPort))) {
          if (Date.now() > until) throw new Error('redis-server did not start');
          await new Promise((done) => setTimeout(done, 50));
        }
        const keyFile = join(scratch, 'redis-keys.json');
        writeFileSync(keyFile, JSON.stringify({ plans: { basic: 100 }, keys: { 'k-redis': 'basic' } }));
        const encoded = encodeURIComponent(secret);
        const hidden = (text: string) => {
          expect(text).not.toContain(secret);
          expect(text).not.toContain(encoded);
          expect(text).not.toContain('hunter2');
        };

        // A wrong password: the client's refusal is logged, without the password tried. (The server does
        // not open its port while Redis refuses it at start, so this one is watched, not served from.)
        const wrong = spawn(
          process.execPath,
          [
            BIN,
            'serve',
            '--port',
            '0',
            '--keys',
            keyFile,
            '--redis',
            `redis://default:hunter2-wrong-pw@127.0.0.1:${redisPort}`,
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        children.add(wrong);
        let wrongOutput = '';
        for (const stream of [wrong.stdout!, wrong.stderr!])
          stream.on('data', (chunk: Buffer) => {
            wrongOutput += chunk.toString();
          });
        await waitFor(() => wrongOutput, /WRONGPASS/);
        wrong.kill('SIGKILL');
        expect(wrongOutput).toContain(
          `Redis refuses the password (or user) of the --redis URL (Redis at redis://default:***@127.0.0.1:${redisPort} answered: WRONGPASS`,
        );
        hidden(wrongOutput);

        // The right one, with workers: the budgets are counted in Redis, then Redis goes away.
        const url = `redis://default:${encoded}@127.0.0.1:${redisPort}`;
        const server = await serve(['--port', '0', '--keys', keyFile, '--workers', '2', '--redis', url]);
        const answer = await get(server.url, '/GetVerse?verseId=43003016', { 'x-api-key': 'k-redis' });
        expect(answer.status).toBe(200);
        expect(answer.headers['x-ratelimit-remaining']).toBe('99');
        expect(server.output()).toContain(`key budgets in Redis at redis://default:***@127.0.0.1:${redisPort}`);
        redis.kill('SIGTERM');
        await redisExit;
        expect((await get(server.url, '/GetVerse?verseId=43003016', { 'x-api-key': 'k-redis' })).status).toBe(503);
        await waitFor(server.output, /Redis at redis:\/\/default:\*\*\*@127\.0\.0\.1:\d+ is unreachable/);
        expect(await server.stop()).toBe(0);
        hidden(server.output());
      } finally {
        redis.kill('SIGKILL');
      }
    },
  );
});

describe('static files never leave their folders', () => {
  const root = join(scratch, 'static');
  mkdirSync(join(root, 'outside-dir'), { recursive: true });
  mkdirSync(join(root, 'real-data'));
  mkdirSync(join(root, 'web'));
  writeFileSync(join(root, 'secret.txt'), 'top secret');
  writeFileSync(join(root, 'outside-dir', 'plans.json'), '{"secret":true}');
  writeFileSync(join(root, 'real-data', 'manifest.json'), '{"packs":[]}');
  writeFileSync(join(root, 'real-data', 'inner.json'), '{"inside":true}');
  symlinkSync('inner.json', join(root, 'real-data', 'alias.json'));
  symlinkSync('../secret.txt', join(root, 'real-data', 'leak.txt'));
  symlinkSync(join(root, 'secret.txt'), join(root, 'real-data', 'absolute.txt'));
  symlinkSync('../outside-dir', join(root, 'real-data', 'sub'));
  // The data folder is itself a link, as a package manager or a mounted volume makes it.
  symlinkSync('real-data', join(root, 'data'));
  writeFileSync(join(root, 'web', 'index.html'), '<!doctype html><title>page</title>');
  symlinkSync('../secret.txt', join(root, 'web', 'leak.js'));
  symlinkSync('/etc/hostname', join(root, 'web', 'host.txt'));

  it('serves through a linked folder and links inside it, and refuses links that point outside', async () => {
    const server = await startServer({ webDir: join(root, 'web'), dataDir: join(root, 'data') });
    try {
      const manifest = await get(server.url, '/data/manifest.json');
      expect(manifest.status).toBe(200);
      expect(manifest.json()).toEqual({ packs: [] });
      const alias = await get(server.url, '/data/alias.json');
      expect(alias.status).toBe(200);
      expect(alias.json()).toEqual({ inside: true });
      expect(alias.headers['content-type']).toMatch(/^application\/json/);
      expect((await get(server.url, '/')).text).toContain('<title>page</title>');
      for (const path of ['/data/leak.txt', '/data/absolute.txt', '/data/sub/plans.json', '/leak.js', '/host.txt']) {
        const answer = await get(server.url, path);
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).not.toContain('secret');
      }
    } finally {
      await server.close();
    }
  });
});

describe('bible copy-packs writes only where it should', () => {
  const run = (args: string[]) => {
    const lines: string[] = [];
    copyPacksFromArgs(args, (line) => lines.push(line));
    return lines.join('\n');
  };

  it('never writes through a link in --to, and says which files it replaces', () => {
    const to = join(scratch, 'assets');
    mkdirSync(to);
    const victim = join(scratch, 'victim.txt');
    writeFileSync(victim, 'keep me');
    for (const name of ['meta.pack', 'manifest.json']) {
      symlinkSync(victim, join(to, name));
      expect(() => run(['--to', to])).toThrow(new RegExp(`${name.replace('.', '\\.')} is a symbolic link`));
      expect(readFileSync(victim, 'utf8')).toBe('keep me');
      rmSync(join(to, name));
    }
    expect(existsSync(join(to, 'text-kjv.pack'))).toBe(false);
    const first = run(['--to', to]);
    expect(first).toMatch(/^copied 2 packs .*: meta, text-kjv$/);
    expect(first).not.toContain('replaced');
    const second = run(['--to', to, '--packs', 'lexicon']);
    expect(second).toContain(`replaced 3 files that were in ${to}: meta.pack, text-kjv.pack, manifest.json`);
    expect(readFileSync(join(to, 'lexicon.pack')).equals(readFileSync(join(DEFAULT_DATA_DIR, 'lexicon.pack')))).toBe(
      true,
    );
    expect(
      JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8'))
        .packs.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['lexicon', 'meta', 'text-kjv']);
  });

  it('refuses a manifest entry whose file is not a plain name, and a malformed manifest', () => {
    const data = join(scratch, 'bad-data');
    mkdirSync(data);
    writeFileSync(join(scratch, 'escape.pack'), 'not a pack');
    const to = join(scratch, 'bad-assets');
    for (const file of ['../escape.pack', '/etc/hostname', 'sub/meta.pack', '.hidden.pack', '', 'a\\b.pack', 7]) {
      writeFileSync(join(data, 'manifest.json'), JSON.stringify({ packs: [{ name: 'meta', file, bytes: 10 }] }));
      expect(() => run(['--data', data, '--to', to]), String(file)).toThrow(/not a plain file name/);
      expect(existsSync(to)).toBe(false);
    }
    const malformed: [string, RegExp][] = [
      ['{"packs": [', /manifest\.json is not valid JSON/],
      ['[]', /must be an object with a "packs" list/],
      ['{"packs": [{"name": "../x", "file": "x.pack", "bytes": 1}]}', /packs\[0\] needs a "name"/],
      ['{"packs": [{"name": "meta", "file": "meta.pack", "bytes": "1"}]}', /packs\[0\] \(meta\) needs "bytes"/],
    ];
    for (const [text, message] of malformed) {
      writeFileSync(join(data, 'manifest.json'), text);
      expect(() => run(['--data', data, '--list']), text).toThrow(message);
      expectOneLineRefusal(bible(['copy-packs', '--data', data, '--list']), 'copy-packs', message);
    }
    expectOneLineRefusal(bible(['copy-packs', '--data', join(scratch, 'nowhere'), '--list']), 'copy-packs', /ENOENT/);
  });

  it('--list names the operations each pack serves, from the operation table', () => {
    const listed = new Map(
      run(['--list'])
        .split('\n')
        .map((line) => {
          const [, name, ops] = /^(\S+)\s+\d+ KiB {2}(.*)$/.exec(line)!;
          return [name, ops.split(', ')] as const;
        }),
    );
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
    expect([...listed.keys()]).toEqual(manifest.packs.map((p: { name: string }) => p.name));
    expect(listed.get('meta')).toEqual(['every operation']);
    // The versification pack is read by a command, the importer, not by an operation.
    expect(listed.get('versification')).toEqual(['bible import']);
    listed.delete('versification');
    const names = new Set<string>(OPERATIONS.map((op) => op.name));
    for (const [pack, ops] of listed) {
      if (pack === 'meta') continue;
      // Every pack of the build serves something, and names only real operations.
      for (const op of ops) expect(names.has(op), `${pack}: ${op}`).toBe(true);
    }
    for (const version of ['kjv', 'web', 'rv1909']) {
      expect(listed.get(`text-${version}`)).toEqual(
        expect.arrayContaining(['GetVerse', 'GetChapter', 'GetSearch', 'GetSearchAdvanced', 'GetSearchCount']),
      );
      expect(listed.has(`search-${version}`)).toBe(false);
    }
    expect(listed.get('original-ot')).toContain('GetOriginalText');
    expect(listed.get('original-nt')).toContain('GetOriginalText');
    expect(listed.get('dictionary-eastons')).toEqual(['GetDefinitionBiblical']);
    expect(listed.get('commentary-gill')).toEqual(['GetCommentary']);
  });
});

describe('clear errors for bad flags and key files', () => {
  it('--port must be a whole number from 0 to 65535, in either spelling, from the flag or PORT', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (value) => {
        const valid = /^\d{1,5}$/.test(value) && Number(value) <= 65535;
        if (valid) expect(parseServeArgs([`--port=${value}`], {}).port).toBe(Number(value));
        else
          expect(() => parseServeArgs([`--port=${value}`], {})).toThrow(
            `--port must be a whole number from 0 to 65535 (0 picks a free port), got ${JSON.stringify(value)}`,
          );
      }),
    );
    fc.assert(
      fc.property(fc.integer({ max: -1 }), (n) => {
        expect(() => parseServeArgs(['--port', String(n)], {})).toThrow(
          `--port must be a whole number from 0 to 65535`,
        );
        expect(() => parseServeArgs([], { PORT: String(n) })).toThrow(/^PORT must be a whole number/);
      }),
    );
    expect(() => parseServeArgs(['--port', '--keys', 'k.json'], {})).toThrow(/^--port needs a value/);
    expect(() => parseServeArgs(['--access-log=yes'], {})).toThrow(/^--access-log takes no value/);
    expect(() => parseServeArgs(['--workers', '-2'], {})).toThrow(/--workers must be a whole number/);
  });

  it('bible serve: bad ports and hosts, and key files that are not small regular files, stop it at once', () => {
    const big = join(scratch, 'huge-keys.json');
    writeFileSync(big, '');
    truncateSync(big, 1024 ** 3); // sparse: a gigabyte that takes no disk
    const fifo = join(scratch, 'keys.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // The property above covers every spelling; these go through the command to its exit code.
    for (const port of ['-1', '0x50']) {
      expectOneLineRefusal(bible(['serve', '--port', port]), 'serve', /--port/);
    }
    // 192.0.2.1 is a documentation address no machine has; .invalid never resolves. Workers too: the
    // primary tries the address before forking, where each worker would fail and the port never open.
    const serveAt = (host: string, workers: string) =>
      bible(['serve', '--port', '0', '--workers', workers, '--host', host]);
    for (const workers of ['1', '2'])
      expectOneLineRefusal(
        serveAt('192.0.2.1', workers),
        'serve',
        /--host 192\.0\.2\.1 is not an address of this machine/,
      );
    expectOneLineRefusal(serveAt('no-such-host.invalid', '2'), 'serve', /--host no-such-host\.invalid is neither/);
    const refusals: [string, RegExp][] = [
      [scratch, /is a directory/],
      ['/dev/zero', /not a regular file/],
      [fifo, /not a regular file/],
      [big, /1024\.0 MiB; a key file may be at most 4 MiB/],
      [join(scratch, 'absent.json'), /no such file/],
    ];
    for (const [path, why] of refusals) {
      expectOneLineRefusal(bible(['serve', '--port', '0', '--keys', path]), 'serve', why);
    }
  });
});

describe('bible serve binds where it says', () => {
  it('binds 127.0.0.1 unless told otherwise, and always prints the address really bound', {
    timeout: 90_000,
  }, async () => {
    const ipv6 = await new Promise<boolean>((done) => {
      const probe = createServer()
        .once('error', () => done(false))
        .listen(0, '::1', () => probe.close(() => done(true)));
    });
    const [local, everywhere, workers, named, v6] = await Promise.all([
      serve(['--port', '0']),
      serve(['--port', '0', '--host', '0.0.0.0']),
      serve(['--port', '0', '--workers', '2']),
      serve(['--port', '0', '--host', 'localhost']),
      ipv6 ? serve(['--port', '0', '--host', '::1']) : undefined,
    ]);
    try {
      const portOf = (url: string) => Number(new URL(url).port);
      // 127.0.0.2 is this machine too, but only a socket bound to every interface answers there.
      for (const server of [local, workers]) {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
        expect((await get(server.url, '/healthz')).status).toBe(200);
        expect(await accepts('127.0.0.2', portOf(server.url))).toBe(false);
      }
      expect(everywhere.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/$/);
      expect(everywhere.output()).toContain(`this machine: http://127.0.0.1:${portOf(everywhere.url)}/`);
      expect(await accepts('127.0.0.2', portOf(everywhere.url))).toBe(true);
      // A name is resolved by listen; the line shows the address it became.
      expect(named.url).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+\/$/);
      expect((await get(named.url, '/healthz')).status).toBe(200);
      if (v6) {
        expect(v6.url).toMatch(/^http:\/\/\[::1\]:\d+\/$/);
        expect((await get(v6.url, '/healthz')).status).toBe(200);
      } else console.log('no IPv6 loopback here: the [::1] address was not tried');
    } finally {
      await Promise.all([local, everywhere, workers, named, v6].map((s) => s?.stop()));
    }
  });
});
