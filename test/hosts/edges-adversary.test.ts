// Hostile and odd inputs at the edges of the hosts: Redis URLs (passwords never printed, Redis down, wrong
// password, dropped mid-run), static files (links out of the folder, traversal in every encoding), copy-packs
// (links in the target, malformed manifests, devices named as files), command-line mistakes (one line,
// exit 2, no stack trace, no unbounded read), the address bible serve binds and prints, and npm start
// leaving no server behind however npm is killed. Real processes, sockets and packs throughout.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { type BibleServer, serve } from '../../engine/node/server.ts';
import { readPidFile, signalProcess } from './signal-process.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'bible.js');
const DATA = join(ROOT, 'dist', 'data');
const scratch = mkdtempSync(join(tmpdir(), 'bible-adversary-'));
const processes = new Set<ChildProcess>();

afterAll(() => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls until `check` holds (or throws its last failure after `limitMs`). */
async function eventually<T>(check: () => Promise<T> | T, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(200);
    }
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** One `bible` run to its end; stdin is closed so nothing waits for input. */
function bible(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A refusal as the CLI should give it: exit 2, one line on stderr, no stack trace. */
function expectOneLineRefusal(run: ReturnType<typeof bible>, pattern: RegExp) {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

interface Running {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts `bible serve` and waits for the line with the address it really bound. */
function startServe(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.add(child);
  let out = '';
  const output = () => out;
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  const stop = () =>
    new Promise<number | null>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
      child.once('exit', (code) => done(code));
      child.kill('SIGTERM');
    });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`bible serve did not listen:\n${out}`)), 45_000);
    const look = () => {
      const url = /listening on (http:\/\/\S+\/)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      done({ child, url, output, stop });
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`bible serve exited ${code}:\n${out}`));
    });
  });
}

/** A GET with the path sent exactly as written (no normalising of dots or escapes). */
function get(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const base = new URL(url);
  return new Promise((done, fail) => {
    const req = request(
      { host: base.hostname.replace(/^\[|\]$/g, ''), port: base.port, path, headers, method: 'GET' },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const KEYS = join(scratch, 'keys.json');
writeFileSync(KEYS, JSON.stringify({ plans: { basic: 1000 }, keys: { k_adversary: 'basic' } }));
const KEYED = { 'x-api-key': 'k_adversary' };
const VERSE = '/GetVerse?verseId=43003016&versionId=kjv';

describe('command-line mistakes: one line, exit 2, no stack trace, nothing read without bound', () => {
  const dir = join(scratch, 'cli');
  mkdirSync(dir);
  const fifo = join(dir, 'keys.fifo');
  execFileSync('mkfifo', [fifo]);
  const big = join(dir, 'big.json');
  writeFileSync(big, '');
  truncateSync(big, 100 * 1024 * 1024);
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, '');
  const malformed = join(dir, 'malformed.json');
  writeFileSync(malformed, '{"plans": {"basic": 60}, "keys": {"k1": ');
  // A data folder whose meta pack is a device, or a pipe: refused at start, never read or waited on.
  const deviceData = join(dir, 'device-data');
  const pipeData = join(dir, 'pipe-data');
  for (const data of [deviceData, pipeData]) {
    mkdirSync(data);
    copyFileSync(join(DATA, 'manifest.json'), join(data, 'manifest.json'));
  }
  symlinkSync('/dev/zero', join(deviceData, 'meta.pack'));
  execFileSync('mkfifo', [join(pipeData, 'meta.pack')]);
  const noPlan = join(dir, 'no-plan.json');
  writeFileSync(noPlan, '{"plans": {"basic": 60}, "keys": {"k1": "gold"}}');

  it.each([
    [['build', '--bogus'], /^bible build: unknown option "--bogus"/],
    [['build', '--only', 'x'], /--only: no builder named "x"/],
    [['build', '--only'], /--only needs a value/],
    [['build', 'stray'], /unexpected argument "stray"/],
    [['serve', '--port', '-1'], /--port must be a whole number from 0 to 65535.*"-1"/],
    [['serve', '--port', '99999'], /--port must be a whole number.*"99999"/],
    [['serve', '--port', 'abc'], /--port must be a whole number.*"abc"/],
    [['serve', '--port'], /^bible serve: --port needs a value/],
    [['serve', '--port', '--host', '127.0.0.1'], /^bible serve: --port needs a value/],
    [['serve', '--workers', '0'], /--workers must be a whole number from 1 to 256, got "0"/],
    [['serve', '--workers', '-3'], /--workers must be a whole number from 1 to 256, got "-3"/],
    [['serve', '--workers', '1e9'], /--workers must be a whole number from 1 to 256, got "1e9"/],
    [['serve', '--bogus'], /^bible serve: unknown option "--bogus"/],
    [['serve', 'extra'], /^bible serve: unexpected argument "extra"/],
    [['serve', '--keys', dir], /cannot read the key file .*: it is a directory/],
    [['serve', '--keys', '/dev/zero'], /cannot read the key file \/dev\/zero: it is not a regular file/],
    [['serve', '--keys', '/dev/urandom'], /cannot read the key file \/dev\/urandom: it is not a regular file/],
    [['serve', '--keys', fifo], /it is not a regular file/],
    [['serve', '--keys', big], /it is 100\.0 MiB; a key file may be at most 4 MiB/],
    [['serve', '--keys', empty], /empty\.json is not valid JSON/],
    [['serve', '--keys', malformed], /malformed\.json is not valid JSON/],
    [['serve', '--keys', noPlan], /names plan "gold", which "plans" does not define/],
    [['serve', '--keys', join(dir, 'absent.json')], /cannot read the key file .*absent\.json: no such file/],
    [['serve', '--port', '0', '--host', 'fe80::1'], /--host fe80::1 cannot be listened on/],
    [['serve', '--port', '0', '--data', deviceData], /meta\.pack is not a regular file/],
    [['serve', '--port', '0', '--data', pipeData], /meta\.pack is not a regular file/],
    [['serve', '--port', '0', '--data', '/dev/null'], /cannot read \/dev\/null\/meta\.pack \(ENOTDIR\)/],
  ])('bible %j', (args, pattern) => {
    expectOneLineRefusal(bible(args), pattern);
  });

  it('--help of build and serve is the usage, exit 0', () => {
    for (const command of ['build', 'serve']) {
      const run = bible([command, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^usage: bible ${command}`));
    }
  });
});

describe('bible serve binds 127.0.0.1 unless told, and prints the address it bound', () => {
  it.each([
    [[], 'http://127.0.0.1:'],
    [['--host', 'localhost'], /^http:\/\/(127\.0\.0\.1|\[::1\]):/],
    [['--host', '[::1]'], 'http://[::1]:'],
    [['--host', '::1'], 'http://[::1]:'],
    [['--host', '0.0.0.0'], 'http://0.0.0.0:'],
  ] as [string[], string | RegExp][])('--host %j', async (args, shown) => {
    const server = await startServe(['--port', '0', ...args]);
    try {
      if (typeof shown === 'string') expect(server.url.startsWith(shown), server.url).toBe(true);
      else expect(server.url).toMatch(shown);
      // The printed address answers (a wildcard through this machine's loopback, which the line also names).
      const local = /this machine: (http:\/\/\S+\/)/.exec(server.output())?.[1] ?? server.url;
      expect((await get(local, '/healthz')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedis)(
  'Redis URLs: the password is never printed, and Redis failing never stops the server',
  () => {
    const PASSWORD = 'p@ss:w/rd%41Secret';
    const ENCODED = encodeURIComponent(PASSWORD);
    const redisPids: number[] = [];
    let port = 0;

    async function startRedis(redisPort: number, password: string): Promise<number> {
      const dir = join(scratch, `redis-${redisPort}`);
      mkdirSync(dir, { recursive: true });
      const pidfile = join(dir, 'pid');
      rmSync(pidfile, { force: true });
      execFileSync('redis-server', [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1 ::1',
        '--requirepass',
        password,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
        '--dir',
        dir,
        '--pidfile',
        pidfile,
      ]);
      const pid = await eventually(() => readPidFile(pidfile));
      redisPids.push(pid);
      await eventually(() => {
        execFileSync('redis-cli', ['-p', String(redisPort), '-a', password, '--no-auth-warning', 'ping']);
      });
      return pid;
    }

    const stopRedis = async (pid: number) => {
      signalProcess(pid, 'SIGTERM');
      await eventually(() => {
        expect(() => process.kill(pid, 0)).toThrow();
      });
    };

    beforeAll(async () => {
      port = await freePort();
      await startRedis(port, PASSWORD);
    });
    afterAll(() => {
      for (const pid of redisPids) {
        try {
          signalProcess(pid, 'SIGCONT');
          signalProcess(pid, 'SIGTERM');
        } catch {
          // stopped already
        }
      }
    });

    const expectNoSecret = (text: string) => {
      for (const secret of [PASSWORD, ENCODED, 'Secret', 'wrongPassw0rd']) expect(text).not.toContain(secret);
    };

    /** Keyed answers until `status` comes back (Redis reconnects by itself with a backoff). */
    const keyedStatus = (server: Running, status: number) =>
      eventually(async () => {
        const answer = await get(server.url, VERSE, KEYED);
        expect(answer.status, answer.body).toBe(status);
        return answer;
      });

    it('a percent-encoded password with @, : and / in it: counted in Redis, printed masked', async () => {
      const server = await startServe([
        '--port',
        '0',
        '--keys',
        KEYS,
        '--redis',
        `redis://:${ENCODED}@127.0.0.1:${port}`,
      ]);
      try {
        const answer = await get(server.url, VERSE, KEYED);
        expect(answer.status).toBe(200);
        expect(answer.headers['x-ratelimit-limit']).toBe('1000');
        expect(server.output()).toContain(`redis://:***@127.0.0.1:${port}`);
      } finally {
        await server.stop();
      }
      expectNoSecret(server.output());
    });

    it('BIBLE_REDIS_URL with a user and a database, over IPv6, with two workers', async () => {
      const server = await startServe(['--port', '0', '--keys', KEYS, '--workers', '2'], {
        BIBLE_REDIS_URL: `redis://default:${ENCODED}@[::1]:${port}/0`,
      });
      try {
        expect((await get(server.url, VERSE, KEYED)).status).toBe(200);
        expect(server.output()).toContain(`redis://default:***@[::1]:${port}/0`);
      } finally {
        await server.stop();
      }
      expectNoSecret(server.output());
    });

    it.each([
      ['a wrong password', () => `redis://:wrongPassw0rd@127.0.0.1:${port}`, [], 'misconfigured'],
      ['a user name alone, which Redis refuses', () => `redis://wrongPassw0rd@127.0.0.1:${port}`, [], 'misconfigured'],
      ['Redis down at the start', async () => `redis://:${ENCODED}@127.0.0.1:${await freePort()}`, []],
      [
        'Redis down at the start, with workers',
        async () => `redis://:${ENCODED}@127.0.0.1:${await freePort()}`,
        ['--workers', '2'],
      ],
      ['TLS asked of a server without it', () => `rediss://:${ENCODED}@127.0.0.1:${port}`, []],
    ] as [string, () => string | Promise<string>, string[], string?][])(
      '%s: the server starts, keyed requests fail closed with 503, the password stays hidden',
      async (_, url, extra, state = 'unreachable') => {
        const server = await startServe(['--port', '0', '--keys', KEYS, '--redis', await url(), ...extra]);
        try {
          const refused = await keyedStatus(server, 503);
          expect(JSON.parse(refused.body).error.code).toBe('RATE_LIMIT_UNAVAILABLE');
          expect(refused.headers['retry-after']).toBe('5');
          // Redis refusing the URL's password is for an operator to fix: /healthz says so; one that is away is
          // a passing outage, which it does not fail for.
          const health = await get(server.url, '/healthz');
          expect([health.status, JSON.parse(health.body).rateLimits.state]).toEqual([
            state === 'misconfigured' ? 503 : 200,
            state,
          ]);
          expectNoSecret(health.body);
          await eventually(() =>
            expect(server.output()).toMatch(state === 'misconfigured' ? /refuses the password/ : /is unreachable/),
          );
        } finally {
          expect(await server.stop()).toBe(0);
        }
        expectNoSecret(server.output());
      },
    );

    it('--redis-failure open lets keyed requests through while Redis is down', async () => {
      const server = await startServe([
        '--port',
        '0',
        '--keys',
        KEYS,
        '--redis-failure',
        'open',
        '--redis',
        `redis://:${ENCODED}@127.0.0.1:${await freePort()}`,
      ]);
      try {
        expect((await get(server.url, VERSE, KEYED)).status).toBe(200);
      } finally {
        await server.stop();
      }
      expectNoSecret(server.output());
    });

    it('Redis dropping mid-run: 503 while it is away, counted again when it is back, the password never printed', async () => {
      const ownPort = await freePort();
      let pid = await startRedis(ownPort, PASSWORD);
      const server = await startServe([
        '--port',
        '0',
        '--keys',
        KEYS,
        '--redis',
        `redis://:${ENCODED}@localhost:${ownPort}`,
      ]);
      try {
        await keyedStatus(server, 200);
        await stopRedis(pid);
        await keyedStatus(server, 503);
        pid = await startRedis(ownPort, PASSWORD);
        await keyedStatus(server, 200);
        await eventually(() => expect(server.output()).toMatch(/is back/));
        // Back with another password: refused, never hanging
        await stopRedis(pid);
        await startRedis(ownPort, 'another-password');
        await keyedStatus(server, 503);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expectNoSecret(server.output());
    });

    it('Redis that stops answering without closing the connection (paused): 503, not a request held for ever', async () => {
      const ownPort = await freePort();
      const pid = await startRedis(ownPort, PASSWORD);
      const server = await startServe([
        '--port',
        '0',
        '--keys',
        KEYS,
        '--redis',
        `redis://:${ENCODED}@127.0.0.1:${ownPort}`,
      ]);
      try {
        await keyedStatus(server, 200);
        signalProcess(pid, 'SIGSTOP');
        try {
          const refused = await get(server.url, VERSE, KEYED);
          expect(refused.status).toBe(503);
          expect(JSON.parse(refused.body).error.code).toBe('RATE_LIMIT_UNAVAILABLE');
        } finally {
          signalProcess(pid, 'SIGCONT');
        }
        await keyedStatus(server, 200);
        await eventually(() => expect(server.output()).toMatch(/is back/));
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expectNoSecret(server.output());
    });

    it.each([
      [`redis://:${ENCODED}@127.0.0.1:1/0?password=wrongPassw0rd`, /takes no query string or fragment/],
      [`redis://127.0.0.1:1/0#wrongPassw0rd`, /takes no query string or fragment/],
      ['redis://:wrongPassw0rd%zz@127.0.0.1:1', /bad percent-escape in its user or password/],
      [`redis://:${PASSWORD}@127.0.0.1:1`, /must be a URL like redis:\/\//],
      ['redis://user:wrongPassw0rd@', /must be a URL like/],
      ['redis://user:wrongPassw0rd@127.0.0.1:99999', /must be a URL like/],
      ['http://user:wrongPassw0rd@127.0.0.1:6379', /must be a URL like/],
      [`redis://:${ENCODED}@127.0.0.1:6379/db`, /must be a URL like/],
    ])('--redis %s is refused in one line, masked', (url, pattern) => {
      for (const run of [
        bible(['serve', '--port', '0', '--redis', url]),
        bible(['serve', '--port', '0'], { BIBLE_REDIS_URL: url }),
      ]) {
        expectOneLineRefusal(run, pattern);
        expectNoSecret(run.stderr);
      }
    });
  },
);

describe('static files never leave their folder', () => {
  const base = join(scratch, 'static');
  const real = join(base, 'real');
  const web = join(base, 'web');
  let server: BibleServer;
  let url: string;

  beforeAll(async () => {
    mkdirSync(join(real, 'sub'), { recursive: true });
    mkdirSync(join(base, 'outside'));
    mkdirSync(web);
    copyFileSync(join(DATA, 'meta.pack'), join(real, 'meta.pack'));
    // A manifest naming the one pack copied, as copy-packs writes it: /healthz checks the packs it lists.
    const manifest = JSON.parse(readFileSync(join(DATA, 'manifest.json'), 'utf8'));
    manifest.packs = manifest.packs.filter((pack: { name: string }) => pack.name === 'meta');
    writeFileSync(join(real, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(base, 'outside', 'secret.txt'), 'outside-secret');
    writeFileSync(join(real, 'sub', 'inner.txt'), 'inner');
    writeFileSync(join(real, '.hidden'), 'hidden-secret');
    symlinkSync('../outside/secret.txt', join(real, 'leak.txt'));
    symlinkSync('../outside', join(real, 'leakdir'));
    symlinkSync('/etc/hostname', join(real, 'host.txt'));
    symlinkSync('sub/inner.txt', join(real, 'alias.txt'));
    symlinkSync('sub', join(real, 'subalias'));
    symlinkSync('loop', join(real, 'loop'));
    symlinkSync('.', join(real, 'self'));
    // The served data folder is itself a link, as a package manager or a mounted volume makes it.
    symlinkSync('real', join(base, 'linked'));
    writeFileSync(join(web, 'index.html'), '<h1>page</h1>');
    symlinkSync('../outside/secret.txt', join(web, 'leak.txt'));
    symlinkSync('../real/sub/inner.txt', join(web, 'cross.txt'));
    server = await serve({ port: 0, host: '127.0.0.1', dataDir: join(base, 'linked'), webDir: web });
    url = server.url;
  });
  afterAll(() => server?.close());

  it("names a pack the folder lacks without the folder's path on the server's disk", async () => {
    const answer = await get(url, '/GetVerse?verseId=43003016&versionId=kjv');
    expect(answer.status).toBe(400);
    const { error } = JSON.parse(answer.body);
    expect(error.code).toBe('NOT_AVAILABLE');
    expect(error.message).toContain('<packs>/text-kjv.pack does not exist');
    expect(error.message).toContain('bible copy-packs --to <packs> --packs text-kjv');
    expect(error.message).not.toContain(base);
  });

  it.each([
    ['/data/meta.pack', 200, 'BPAK'],
    ['/data/manifest.json', 200, '"packs"'],
    ['/data/alias.txt', 200, 'inner'],
    ['/data/subalias/inner.txt', 200, 'inner'],
    ['/data/sub/inner.txt', 200, 'inner'],
    ['/data/self/self/meta.pack', 200, 'BPAK'],
    ['/data/meta.pack?v=abc', 200, 'BPAK'],
    ['/', 200, '<h1>page</h1>'],
  ])('%s answers from inside the folder', async (path, status, content) => {
    const answer = await get(url, path);
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(content);
  });

  const LONG = 'a'.repeat(300);
  it.each([
    '/data/leak.txt',
    '/data/leakdir/secret.txt',
    '/data/host.txt',
    '/data/.hidden',
    '/data/loop',
    '/data/loop/x',
    '/data/%2e%2e/outside/secret.txt',
    '/data/..%2foutside/secret.txt',
    '/data/%2e%2e%2foutside%2fsecret.txt',
    '/data/..\\outside\\secret.txt',
    '/data/..%5coutside%5csecret.txt',
    '/data/%252e%252e/outside/secret.txt',
    '/data/%252e%252e%252foutside%252fsecret.txt',
    '/data/../outside/secret.txt',
    '/data/./meta.pack/../../outside/secret.txt',
    '/data//outside/secret.txt',
    '/data/sub/../../outside/secret.txt',
    '/%2e%2e/outside/secret.txt',
    '/%2e%2e/real/.hidden',
    '/leak.txt',
    '/cross.txt',
    '/data/META.PACK',
    '/DATA/meta.pack',
    '/data/meta.pack%20',
    '/data/meta.pack;.txt',
    `/data/${LONG}`,
    `/data/${LONG}.pack`,
    `/data/${'sub/'.repeat(1500)}inner.txt`,
    `/data/${'self/'.repeat(100)}meta.pack`,
  ])('%s is 404, never a file outside', async (path) => {
    const answer = await get(url, path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toMatch(/outside-secret|hidden-secret|BPAK/);
    expect(() => JSON.parse(answer.body)).not.toThrow();
  });

  it.each([
    ['/data/meta.pack%00.txt', 400],
    ['/data/%00', 400],
    ['/data/%ff', 400],
    ['/data/%C0%AE%C0%AE/outside/secret.txt', 400],
    ['/data/%', 400],
    [`/${'x'.repeat(8200)}`, 414],
  ])('%s is refused with %i', async (path, status) => {
    const answer = await get(url, path);
    expect(answer.status).toBe(status);
    expect(answer.body).not.toMatch(/outside-secret|hidden-secret/);
  });

  it('still answers after all of it', async () => {
    expect((await get(url, '/healthz')).status).toBe(200);
  });
});

describe('bible copy-packs', () => {
  const base = join(scratch, 'copy');
  mkdirSync(base);
  const victim = join(base, 'victim.txt');
  const lines: string[] = [];
  const copy = (args: string[]) => copyPacksFromArgs(args, (line) => lines.push(line));

  it('a link in the target where a pack or the manifest goes is refused, and nothing is written through it', () => {
    for (const file of ['meta.pack', 'text-kjv.pack', 'manifest.json']) {
      const to = join(base, `links-${file}`);
      mkdirSync(to);
      writeFileSync(victim, 'precious');
      symlinkSync(victim, join(to, file));
      expect(() => copy(['--to', to])).toThrow(/is a symbolic link; copy-packs never writes through one/);
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(readdirSync(to)).toEqual([file]);
    }
    const to = join(base, 'link-to-folder');
    mkdirSync(to);
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync(join(base, 'elsewhere'), join(to, 'meta.pack'));
    expect(() => copy(['--to', to])).toThrow(/meta\.pack is a symbolic link/);
    expect(readdirSync(join(base, 'elsewhere'))).toEqual([]);
  });

  it('a target that is itself a link to a folder gets the packs in that folder', () => {
    mkdirSync(join(base, 'assets-real'));
    symlinkSync(join(base, 'assets-real'), join(base, 'assets-link'));
    expect(copy(['--to', join(base, 'assets-link')])).toBe(0);
    expect(readdirSync(join(base, 'assets-real')).sort()).toEqual(['manifest.json', 'meta.pack', 'text-kjv.pack']);
  });

  it('copying again says which files it replaced', () => {
    const to = join(base, 'again');
    copy(['--to', to]);
    lines.length = 0;
    expect(copy(['--to', to, '--packs', 'xrefs'])).toBe(0);
    expect(lines[0]).toBe(`replaced 3 files that were in ${to}: meta.pack, text-kjv.pack, manifest.json`);
    expect(lines[1]).toMatch(/^copied 3 packs .*: meta, text-kjv, xrefs$/);
  });

  it('a target that is a file is named as such', () => {
    writeFileSync(join(base, 'a-file'), 'x');
    expect(() => copy(['--to', join(base, 'a-file')])).toThrow(/--to .*a-file is a file, not a folder/);
    expect(() => copy(['--to', '/dev/null'])).toThrow('--to /dev/null is a file, not a folder');
  });

  const manifestOf = (packs: unknown) => JSON.stringify({ formatVersion: 1, packs });
  const metaBytes = readFileSync(join(DATA, 'meta.pack')).length;
  const meta = { name: 'meta', file: 'meta.pack', bytes: metaBytes };
  it.each([
    ['a file name with a slash', manifestOf([{ ...meta, file: 'a/b' }]), /not a plain file name/],
    ['a parent step', manifestOf([{ ...meta, file: '../evil.pack' }]), /not a plain file name/],
    ['two dots', manifestOf([{ ...meta, file: '..' }]), /not a plain file name/],
    ['an absolute path', manifestOf([{ ...meta, file: '/etc/passwd' }]), /not a plain file name/],
    ['a NUL', manifestOf([{ ...meta, file: 'meta\u0000.pack' }]), /not a plain file name/],
    ['a backslash', manifestOf([{ ...meta, file: '..\\evil.pack' }]), /not a plain file name/],
    ['a number for a file', manifestOf([{ ...meta, file: 5 }]), /not a plain file name/],
    ['a name with a parent step', manifestOf([{ ...meta, name: '../x' }]), /needs a "name"/],
    ['a null entry', manifestOf([null]), /needs a "name"/],
    ['huge bytes', manifestOf([{ ...meta, bytes: 1e300 }]), /needs "bytes", a whole number/],
    ['negative bytes', manifestOf([{ ...meta, bytes: -1 }]), /needs "bytes"/],
    ['bytes as a string', manifestOf([{ ...meta, bytes: '12' }]), /needs "bytes"/],
    [
      'bytes that are not the file size',
      manifestOf([{ ...meta, bytes: 2 ** 53 - 1 }]),
      /has \d+ bytes where the manifest says 9007199254740991/,
    ],
    [
      'a pack written as manifest.json',
      manifestOf([{ ...meta, file: 'manifest.json' }]),
      /which another entry or the manifest uses/,
    ],
    [
      'two packs in one file',
      manifestOf([meta, { ...meta, name: 'text-kjv' }]),
      /which another entry or the manifest uses/,
    ],
    ['one pack twice', manifestOf([meta, { ...meta, file: 'text-kjv.pack' }]), /names pack "meta" a second time/],
    ['a file the folder lacks', manifestOf([{ ...meta, file: 'CON' }]), /CON \(pack meta\) is missing/],
    ['packs as an object', JSON.stringify({ packs: {} }), /must be an object with a "packs" list/],
    ['a list', '[]', /must be an object with a "packs" list/],
    ['nothing', '', /is not valid JSON/],
  ])('a manifest with %s is refused before anything is written', (_, text, pattern) => {
    const data = join(base, `data-${lines.length}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(data);
    copyFileSync(join(DATA, 'meta.pack'), join(data, 'meta.pack'));
    writeFileSync(join(data, 'manifest.json'), text);
    const to = join(data, 'out');
    expect(() => copy(['--data', data, '--to', to, '--all'])).toThrow(pattern);
    expect(existsSync(to) ? readdirSync(to) : []).toEqual([]);
  });

  it('a manifest or meta pack that is a device or a pipe is refused, never read', () => {
    const data = join(base, 'devices');
    mkdirSync(data);
    symlinkSync('/dev/zero', join(data, 'manifest.json'));
    expect(() => copy(['--data', data, '--list'])).toThrow(/manifest .* is not a regular file/);
    rmSync(join(data, 'manifest.json'));
    execFileSync('mkfifo', [join(data, 'manifest.json')]);
    expect(() => copy(['--data', data, '--list'])).toThrow(/manifest .* is not a regular file/);
    rmSync(join(data, 'manifest.json'));
    copyFileSync(join(DATA, 'manifest.json'), join(data, 'manifest.json'));
    symlinkSync('/dev/zero', join(data, 'meta.pack'));
    expect(() => copy(['--data', data, '--list'])).toThrow(/meta pack .* is not a regular file/);
    expect(() => copy(['--data', data, '--to', join(data, 'out')])).toThrow(
      /meta\.pack \(pack meta\) is not a regular file/,
    );
    expect(existsSync(join(data, 'out'))).toBe(false);
  });

  it('--list names every pack of the manifest with the operations that read it', () => {
    lines.length = 0;
    expect(copy(['--list'])).toBe(0);
    const manifest = JSON.parse(readFileSync(join(DATA, 'manifest.json'), 'utf8')) as { packs: { name: string }[] };
    expect(lines).toHaveLength(manifest.packs.length);
    for (const [i, pack] of manifest.packs.entries()) {
      const [name, , unit, ...serves] = lines[i].split(/\s+/);
      expect(name).toBe(pack.name);
      expect(unit).toBe('KiB');
      const expected =
        pack.name === 'meta'
          ? /^every operation$/
          : pack.name === 'versification'
            ? /^bible import$/
            : /^Get\w+(, Get\w+)*$/;
      expect(serves.join(' ')).toMatch(expected);
    }
    expect(lines.find((l) => l.startsWith('text-kjv '))).toMatch(/GetSearch, GetSearchAdvanced, GetSearchCount/);
    expect(lines.filter((l) => l.startsWith('search'))).toEqual([]);
    expect(lines.find((l) => l.startsWith('xrefs '))).toMatch(/GetCrossReferences/);
  });

  it.each([
    [['--to'], /^bible copy-packs: --to needs a value/],
    [[], /^bible copy-packs: --to DIR is needed/],
    [['--bogus'], /^bible copy-packs: unknown option "--bogus"/],
    [['--to', join(base, 'x'), 'stray'], /^bible copy-packs: unexpected argument "stray"/],
    [['--list=yes'], /^bible copy-packs: --list takes no value/],
    [['--to', join(base, 'x'), '--versions', ''], /--versions needs one or more translations/],
    [
      ['--to', join(base, 'x'), '--versions', 'nope'],
      /no pack named text-nope in this build; its packs are text-asv, .*, meta, /,
    ],
    // Search indexes are no pack any more: each refusal says what a search reads instead.
    [['--to', join(base, 'x'), '--search'], /--search is no longer an option: search needs no pack .*text-<version>/],
    [['--to', join(base, 'x'), '--packs', 'search'], /no pack named search in this build; search needs no pack/],
    [
      ['--to', join(base, 'x'), '--packs', 'search-kjv'],
      /no pack named search-kjv .*text pack.*its packs are .*text-kjv/,
    ],
  ])('bible copy-packs %j: one line, exit 2', (args, pattern) => {
    expectOneLineRefusal(bible(['copy-packs', ...args]), pattern);
  });
});

describe('npm start leaves no server running, however npm is stopped', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const childrenOf = (pid: number): number[] =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

  async function npmStart() {
    const npm = spawn('npm', ['start', '--', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    processes.add(npm);
    let out = '';
    npm.stdout!.on('data', (chunk) => {
      out += chunk;
    });
    npm.stderr!.on('data', (chunk) => {
      out += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      npm.once('exit', (code, signal) => done({ code, signal })),
    );
    const url = await eventually(() => {
      const found = /listening on (http:\/\/\S+\/)/.exec(out)?.[1];
      if (!found) throw new Error(`npm start has not listened:\n${out}`);
      return found;
    }, 90_000);
    const health = JSON.parse((await get(url, '/healthz')).body) as { pid: number };
    return { npm, url, serverPid: health.pid, exited, output: () => out };
  }

  const gone = (pid: number) => eventually(() => expect(alive(pid)).toBe(false));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'npm sent %s: the server finishes and npm exits with its status, 0',
    async (signal) => {
      const run = await npmStart();
      run.npm.kill(signal);
      expect((await run.exited).code).toBe(0);
      await gone(run.serverPid);
      expect(run.output()).toMatch(/bible server stopped/);
    },
  );

  it('npm killed outright (SIGKILL): the server stops', async () => {
    const run = await npmStart();
    run.npm.kill('SIGKILL');
    await run.exited;
    await gone(run.serverPid);
  });

  it("npm's own child (the start script) killed outright: the server stops with it", async () => {
    const run = await npmStart();
    const [script] = childrenOf(run.npm.pid!);
    expect(childrenOf(script)).toContain(run.serverPid);
    signalProcess(script, 'SIGKILL');
    await gone(run.serverPid);
    await run.exited;
  });

  it('a server that cannot start: npm start exits with its status, 2', () => {
    const run = spawnSync('npm', ['start', '--', '--port', 'abc'], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('bible serve: --port must be a whole number');
  });
});
