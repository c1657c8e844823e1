// The request-to-answer layer: a request's method, target, headers and body in, a status, headers and
// JSON body out. It reads the target and query, picks the operation, calls the engine and turns its
// BibleError into the API's error answer. It imports no Node built-in, so a host without node:http (an
// edge worker's fetch handler) answers as the Node server does; the server (handler.ts) takes the same
// steps, adding what a long-lived process needs around them (keys, memory budgets, turns, streaming).
import type { TypedBible } from '../../core/engine.ts';
import { BibleError } from '../../core/errors.ts';
import { openApiDocument } from '../../core/openapi.ts';
import { ENGINE_VERSION } from '../../core/ops/info.ts';
import { API_V2_PATHS } from '../../core/ops/licensing.ts';
import { CORS, withIgnoredParams, withRepeatedParams } from './answer-headers.ts';
import { bodyText, unsupportedBody } from './body-text.ts';
import type { RequestHeaders } from './headers.ts';
import { readQuery, refuseArrayParams, withoutNames } from './query.ts';
import { type ErrorBody, errorBody, isRefusal, type Refusal, refusal } from './refusal.ts';
import { checkMethod, operationNameIn, preflightHeaders, type RequestTarget, splitTarget } from './request-target.ts';
import { type Route, routeOf, unknownPathMessage } from './routes.ts';

/** What a host answers from: the engine, and what it serves besides the operations. */
export interface ApiSite {
  bible: TypedBible;
  operations: ReadonlySet<string>;
  /** the parameter a POST to each operation that takes one carries as its body */
  bodyParams: ReadonlyMap<string, string>;
  /** whether `/` is the reader page (served by the host) rather than GetEndpoints */
  hasWebPage: boolean;
  /** the folders packs are read from, as the loader's messages name them, longest first */
  packFolders: readonly string[];
}

export function apiSite(
  bible: TypedBible,
  host: { hasWebPage?: boolean; packFolders?: readonly string[] } = {},
): ApiSite {
  return {
    bible,
    operations: new Set(bible.operations.map((op) => op.name)),
    bodyParams: new Map(bible.operations.flatMap((op) => (op.bodyParam ? [[op.name, op.bodyParam] as const] : []))),
    hasWebPage: host.hasWebPage ?? false,
    packFolders: [...(host.packFolders ?? [])].sort((a, b) => b.length - a.length),
  };
}

/** The OpenAPI document of this server's operations: no key needed, as it holds no data. */
export const OPENAPI_PATH = '/openapi.json';

const apiDescriptions = new WeakMap<TypedBible, unknown>();

export function describeApi(bible: TypedBible): unknown {
  let document = apiDescriptions.get(bible);
  if (document === undefined) {
    document = openApiDocument(bible.operations, {
      versionIds: bible.meta.versions.map((v) => v.versionId),
      version: ENGINE_VERSION,
      aliases: API_V2_PATHS,
    });
    apiDescriptions.set(bible, document);
  }
  return document;
}

/** The method checked against the target, and the target split: what to refuse, or the path and query. */
export function checkTarget(site: ApiSite, method: string, target: string): RequestTarget | Refusal {
  const split = splitTarget(target);
  // The operation a POST names is read from the decoded path, as for GET: a trailing slash or a
  // percent-encoded letter names the same operation.
  const named = method === 'POST' && !isRefusal(split) ? operationNameIn(split.path) : undefined;
  const wrongMethod = checkMethod(method, named !== undefined && site.bodyParams.has(named));
  return wrongMethod ?? split;
}

export const routeFor = (site: ApiSite, path: string): Route => routeOf(path, site.operations, site.hasWebPage);

/** The 404 of a path no route answers. */
export function unknownRouteRefusal(site: ApiSite, path: string, route: Extract<Route, { kind: 'unknown' }>): Refusal {
  const code = route.looksLikeApi ? 'UNKNOWN_OPERATION' : 'NOT_FOUND';
  return refusal(404, code, unknownPathMessage(path, route, site.operations));
}

/** The headers of an operation's answer: the caller's, and the parameters it ignored or took the last of.
 *  A parameter sent as an array (`name[]=`) the operation takes by its plain name is refused. */
export function answerHeaders(
  site: ApiSite,
  name: string,
  params: Record<string, string>,
  repeated: readonly string[],
  given: Record<string, string> = {},
): Record<string, string> {
  const { bible } = site;
  const ignored = bible.unknownParams(name, params);
  refuseArrayParams(ignored, (base) => bible.unknownParams(name, { [base]: '' }).length === 0);
  return withRepeatedParams(withIgnoredParams(given, ignored), repeated);
}

/** Status for a BibleError: an unknown operation is 404, everything else the caller sent is 400. */
export const statusOf = (error: BibleError): number => (error.code === 'UNKNOWN_OPERATION' ? 404 : 400);

/**
 * An error as a client sees it: a pack the server cannot read is named by the loader with its path on the
 * server's disk (and the copy-packs command that adds it), which is the operator's business, not the
 * client's. The pack folder is written `<packs>` instead.
 */
export function withoutPackFolders(body: ErrorBody, folders: readonly string[]): ErrorBody {
  let message = body.error.message;
  for (const folder of folders) message = message.split(folder).join('<packs>');
  return message === body.error.message ? body : errorBody(body.error.code, message, body.error.param);
}

/** The answer a BibleError makes: its status, its body without pack folders, and the parameter headers
 *  when the query was read. */
export function errorAnswer(
  site: ApiSite,
  error: BibleError,
  call: { name: string; params?: Record<string, string>; repeated: readonly string[] },
  given: Record<string, string> = {},
): ApiAnswer {
  const headers = call.params
    ? withRepeatedParams(withIgnoredParams(given, site.bible.unknownParams(call.name, call.params)), call.repeated)
    : given;
  return { status: statusOf(error), headers, body: withoutPackFolders(error.toJSON(), site.packFolders) };
}

export interface ApiRequest {
  method: string;
  /** the request target: a path and query (`/GetVerse?verseId=1001001`) or an absolute URL */
  target: string;
  headers?: RequestHeaders;
  /** a POST's body as text */
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** the JSON value to send (undefined: no body); a HEAD request's host sends the headers alone */
  body: unknown;
}

const refusalAnswer = (r: Refusal, given: Record<string, string> = {}): ApiAnswer => ({
  status: r.status,
  headers: { ...CORS, ...given, ...r.headers },
  body: r.body,
});

/**
 * The whole answer to one request, built at once: for a host that holds each answer in memory and has
 * no API keys of its own (an edge worker). Static files (the reader page, the packs) are the host's:
 * a path that could be one answers as if it were missing.
 */
export async function answerApiRequest(site: ApiSite, request: ApiRequest): Promise<ApiAnswer> {
  const headers = request.headers ?? {};
  if (request.method === 'OPTIONS')
    return { status: 204, headers: { ...CORS, ...preflightHeaders(headers) }, body: undefined };
  const target = checkTarget(site, request.method, request.target);
  if (isRefusal(target)) return refusalAnswer(target);
  if (target.path === OPENAPI_PATH) return { status: 200, headers: { ...CORS }, body: describeApi(site.bible) };
  let route = routeFor(site, target.path);
  while (route.kind === 'static') route = route.fallback;
  if (route.kind === 'unknown') return refusalAnswer(unknownRouteRefusal(site, target.path, route));
  return answerOperation(site, route.name, target.query, request);
}

async function answerOperation(site: ApiSite, name: string, query: string, request: ApiRequest): Promise<ApiAnswer> {
  const headers = request.headers ?? {};
  let params: Record<string, string> | undefined;
  let repeated: string[] = [];
  try {
    ({ params, repeated } = readQuery(query));
    const bodyParam = request.method === 'POST' ? site.bodyParams.get(name) : undefined;
    if (bodyParam) {
      const unsupported = unsupportedBody(headers);
      if (unsupported) return refusalAnswer(unsupported);
      params[bodyParam] = bodyText(request.body ?? '', headers, bodyParam, repeated);
    }
    const answered = answerHeaders(site, name, params, repeated);
    // An unknown name is left out of the call (an engine refuses it unless lenient) and named in the headers.
    const body = await site.bible.call(name, withoutNames(params, site.bible.unknownParams(name, params)));
    return { status: 200, headers: { ...CORS, ...answered }, body };
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    const answer = errorAnswer(site, error, { name, params, repeated });
    return { ...answer, headers: { ...CORS, ...answer.headers } };
  }
}
