// The local HTTP server: GET /<Operation>?name=value answers exactly what bible.call() answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BibleError } from '../core/errors.ts';
import type { TypedBible } from '../core/engine.ts';
import { openNode } from './loader.ts';

export interface ServeOptions { port?: number; host?: string; bible?: TypedBible }

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Access-Control-Allow-Origin': '*',
    ...headers,
  });
  res.end(json);
}

export function createHandler(bible: TypedBible) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Allow-Headers': '*' });
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(res, 405, new BibleError('INVALID_PARAMETER', `method ${req.method} is not allowed; use GET`).toJSON(), { Allow: 'GET, OPTIONS' });
        return;
      }
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        send(res, 400, new BibleError('INVALID_PARAMETER', 'malformed request URL').toJSON());
        return;
      }
      const name = url.pathname.replace(/^\/+/, '').replace(/\/+$/, '') || 'GetEndpoints';
      const params: Record<string, string> = {};
      for (const [key, value] of url.searchParams) {
        if (key in params) throw new BibleError('INVALID_PARAMETER', `parameter ${key} is given more than once`, key);
        params[key] = value;
      }
      send(res, 200, await bible.call(name, params));
    } catch (error) {
      if (error instanceof BibleError) send(res, error.code === 'UNKNOWN_OPERATION' ? 404 : 400, error.toJSON());
      else send(res, 500, { error: { code: 'INTERNAL', message: 'internal error', param: null } });
    }
  };
}

export async function serve(options: ServeOptions = {}): Promise<Server> {
  const bible = options.bible ?? (await openNode());
  const server = createServer((req, res) => { void createHandler(bible)(req, res); });
  await new Promise<void>((resolve) => server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', resolve));
  return server;
}

export async function serveFromArgs(args: string[]): Promise<void> {
  const portFlag = args.indexOf('--port');
  const port = Number(portFlag >= 0 ? args[portFlag + 1] : process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number 0-65535`);
  const server = await serve({ port });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`bible server listening on http://127.0.0.1:${actual}/  (try /GetVerse?verseId=43003016)`);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise(() => {});
}
