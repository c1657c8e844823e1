// Loopback HTTP helpers for the host tests: a server on a free port, and a client that returns the
// status, headers and decoded body of each answer.
import { type Agent, request } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve, type BibleServer, type ServeOptions } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

/** A server on 127.0.0.1 and a free port, sharing the test file's engine (so answers equal its call()). */
export async function startServer(options: ServeOptions = {}): Promise<BibleServer> {
  return serve({ port: 0, host: '127.0.0.1', bible: await bible(), ...options });
}

export function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  options: { method?: string; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { method: options.method ?? 'GET', headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip' && body.length > 0) body = gunzipSync(body);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Sends raw bytes and returns whatever comes back before the server closes (or waitMs pass). */
export function raw(port: number, bytes: string | Buffer, waitMs = 2000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', done);
    socket.on('error', done);
    socket.write(bytes);
  });
}

/** What an answer looks like after JSON: undefined fields dropped, as the server serialises them. */
export const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
