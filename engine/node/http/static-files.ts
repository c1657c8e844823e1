// Static files for the HTTP server: the reader page (dist/web) and the packs (dist/data), with strong
// ETags (304 on If-None-Match), cache headers suited to each kind of file, and gzip for text files.
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.pack': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
/** Text files up to this size are kept in memory with their gzip; packs and larger files stream from
 * disk (the OS page cache keeps them warm without holding every pack in the server's heap). */
const MEMORY_LIMIT = 2 * 1024 * 1024;
const MEMORY_LIMIT_BINARY = 64 * 1024;

/** Where a URL prefix is served from, and how long clients may keep what it serves. */
export interface StaticRoot {
  /** URL path prefix ending in '/', e.g. '/data/' */
  prefix: string;
  dir: string;
  /** Cache-Control for a file; `versioned` is true when the URL's ?v= names the file's content (see
   *  namesContent), so what it serves under that URL never changes */
  cacheControl(file: string, versioned: boolean): string;
}

interface Entry {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  etag: string;
  /** the file's SHA-256, in hex: what manifest.json records and a ?v= version is cut from */
  sha256: string;
  body?: Buffer;
  gzip?: Buffer;
}

export const acceptsGzip = (headers: IncomingHttpHeaders): boolean => {
  const header = headers['accept-encoding'];
  if (!header) return false;
  // gzip named itself decides, wherever it is in the list ("*, gzip;q=0" refuses it); else "*" does.
  let any: boolean | undefined;
  for (const part of String(header).toLowerCase().split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return accepted;
    any = accepted;
  }
  return any ?? false;
};

/** Does If-None-Match name this ETag (a list, weak forms and * included)? */
export function etagMatches(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A file's ETag and hex SHA-256, from its digest. */
const hashed = (digest: Buffer) => ({
  etag: `"${digest.toString('base64url').slice(0, 27)}"`,
  sha256: digest.toString('hex'),
});

/** The shortest ?v= that names a file's content: the first 16 hex digits of its SHA-256, as the browser
 *  loader (engine/browser/loader.ts: packUrl) cuts it from manifest.json. */
export const VERSION_HEX_DIGITS = 16;

/**
 * Whether a query's one `v` names this content: a prefix of the file's hex SHA-256 at least
 * VERSION_HEX_DIGITS long. Any other `v` (a made-up one, an empty one, an old build's hash, two of them)
 * does not: a URL that may serve other bytes tomorrow must not be kept for a year.
 */
export function namesContent(query: string, sha256: string): boolean {
  const versions = new URLSearchParams(query).getAll('v');
  if (versions.length !== 1) return false;
  const [v] = versions;
  return v.length >= VERSION_HEX_DIGITS && v.length <= sha256.length && sha256.startsWith(v);
}

/** A file found under a root: its real path, the path asked for (whose name decides type and caching). */
interface FoundFile {
  path: string;
  requested: string;
  info: Stats;
  root: StaticRoot;
}

/** Reads a file's entry afresh: small text files whole with their gzip, others only hashed. */
async function readEntry(path: string, info: Stats, compressible: boolean): Promise<Entry> {
  const sizes = { mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, size: info.size };
  if (info.size <= (compressible ? MEMORY_LIMIT : MEMORY_LIMIT_BINARY)) {
    const body = await readFile(path);
    const gzip = compressible && body.length > 512 ? gzipSync(body, { level: 9 }) : undefined;
    return {
      ...sizes,
      ...hashed(createHash('sha256').update(body).digest()),
      body,
      gzip: gzip && gzip.length < body.length ? gzip : undefined,
    };
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { ...sizes, ...hashed(hash.digest()) };
}

/** `compressible` comes from the name asked for, which a link may name otherwise than its target. */
async function cachedEntry(
  entries: Map<string, Entry>,
  path: string,
  info: Stats,
  compressible: boolean,
): Promise<Entry> {
  const cacheKey = `${compressible ? 'z' : '-'}${path}`;
  const known = entries.get(cacheKey);
  // A file rewritten in place keeping its size and modification time (cp -p, rsync -a, a damaged copy put
  // back) still changes its ctime: its hash, which decides what may be cached as immutable, is taken again.
  if (known && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs && known.size === info.size)
    return known;
  const entry = await readEntry(path, info, compressible);
  entries.set(cacheKey, entry);
  return entry;
}

/** The file a root's remaining path names, if it lies inside the root (links followed) and is a file. */
async function fileInRoot(root: StaticRoot, rest: string): Promise<FoundFile | undefined> {
  // No parent steps, hidden files or odd characters: only plain names inside the root.
  if (rest.split('/').some((part) => !part || part.startsWith('.') || !/^[\w.-]+$/.test(part))) return undefined;
  const base = resolve(root.dir);
  const requested = resolve(join(base, rest));
  if (!requested.startsWith(base + sep)) return undefined;
  try {
    // A link inside the folder may point anywhere: the file's real path must lie in the folder's real
    // path (the folder itself may be a link, as a package manager or a mounted volume makes it).
    const [realBase, path] = await Promise.all([realpath(base), realpath(requested)]);
    if (!path.startsWith(realBase + sep)) return undefined;
    const info = await stat(path);
    return info.isFile() ? { path, requested, info, root } : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves a decoded URL path to a file under one of the roots, or undefined. */
async function locate(roots: StaticRoot[], pathname: string): Promise<FoundFile | undefined> {
  for (const root of roots) {
    if (!pathname.startsWith(root.prefix)) continue;
    const found = await fileInRoot(root, pathname.slice(root.prefix.length) || 'index.html');
    if (found) return found;
  }
  return undefined;
}

/** The headers every answer for this file carries, 304 or 200. */
function fileHeaders(
  found: FoundFile,
  entry: Entry,
  query: string,
  extraHeaders: Record<string, string>,
): Record<string, string | number> {
  const ext = extname(found.requested);
  const versioned = namesContent(query, entry.sha256);
  const headers: Record<string, string | number> = {
    ...extraHeaders,
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': found.root.cacheControl(found.requested, versioned),
    ETag: entry.etag,
    'Last-Modified': new Date(found.info.mtimeMs).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (COMPRESSIBLE.has(ext)) headers.Vary = 'Accept-Encoding';
  return headers;
}

/** Writes the file's 200 answer: gzip when kept and accepted, the body from memory, or a stream from disk. */
function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  found: FoundFile,
  entry: Entry,
  headers: Record<string, string | number>,
): void {
  const gzip = entry.gzip && acceptsGzip(req.headers) ? entry.gzip : undefined;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = gzip ? gzip.length : entry.size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (gzip || entry.body) {
    res.end(gzip ?? entry.body);
    return;
  }
  const stream = createReadStream(found.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** Writes 304 Not Modified: the file's headers without its type, and no body. */
function sendNotModified(res: ServerResponse, headers: Record<string, string | number>): void {
  delete headers['Content-Type'];
  res.writeHead(304, headers);
  res.end();
}

export function staticFiles(roots: StaticRoot[]) {
  const entries = new Map<string, Entry>();
  /** Serves the file for a GET or HEAD if one exists; answers false when no root has it. */
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    query: string,
    extraHeaders: Record<string, string>,
  ): Promise<boolean> => {
    const found = await locate(roots, pathname);
    if (!found) return false;
    // The name asked for decides type and caching; a link's target may be named otherwise.
    const entry = await cachedEntry(entries, found.path, found.info, COMPRESSIBLE.has(extname(found.requested)));
    const headers = fileHeaders(found, entry, query, extraHeaders);
    if (etagMatches(req, entry.etag)) sendNotModified(res, headers);
    else sendFile(req, res, found, entry, headers);
    return true;
  };
}
