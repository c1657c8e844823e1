// A small WebDriver classic client over fetch, for Debian's WebKitGTK (WebKitWebDriver and its
// MiniBrowser, the engine behind Safari and iOS web views), which puppeteer-core cannot drive: it speaks
// neither the DevTools protocol nor WebDriver BiDi. MiniBrowser has no headless mode, so each session gets
// an X display of its own (Xvfb). The host matrix and the reader page's tests both use it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';

/** A free TCP port on this machine. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One WebDriver classic command: its `value`, or an error naming the command and the driver's message. */
export async function webdriverCommand(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: { error?: string; message?: string } & Record<string, unknown> };
  if (!response.ok)
    throw new Error(`WebDriver ${method} ${path}: ${answer.value?.error} ${answer.value?.message ?? ''}`);
  return answer.value;
}

/** The key of an element reference in WebDriver's answers (the W3C "web element identifier"). */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface WebDriverSession {
  /** "MiniBrowser 2.50.6" */
  version: string;
  /** A command of this session: `path` is relative to /session/<id> ('' for the session itself). */
  command: (method: string, path: string, body?: unknown) => Promise<unknown>;
  close: () => Promise<void>;
}

function stopProcess(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

/** Starts Xvfb, WebKitWebDriver (`driverPath`, else the one on PATH) on a free port and one session of MiniBrowser in it. */
export async function startWebKitSession(driverPath = 'WebKitWebDriver'): Promise<WebDriverSession> {
  const display = `:${90 + Math.floor(Math.random() * 100)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    stopProcess(driver);
    stopProcess(xvfb);
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        await webdriverCommand(base, 'GET', '/status');
        break;
      } catch (error) {
        if (tries > 100) throw new Error(`WebKitWebDriver did not start: ${(error as Error).message}`);
        await sleep(100);
      }
    }
    const session = (await webdriverCommand(base, 'POST', '/session', {
      // Debian's MiniBrowser has no headless mode: Xvfb is its screen.
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } },
    })) as { sessionId: string; capabilities: { browserName: string; browserVersion: string } };
    const at = `/session/${session.sessionId}`;
    return {
      version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
      command: (method, path, body) => webdriverCommand(base, method, `${at}${path}`, body),
      close: async () => {
        await webdriverCommand(base, 'DELETE', at).catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
