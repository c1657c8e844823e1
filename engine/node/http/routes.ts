// Which part of the server answers a path: an operation of the engine, the reader page and packs as
// static files, or nobody.
import { API_V2_PATHS } from '../../core/ops/licensing.ts';
import { unknownOperationMessage } from '../../core/params.ts';

export type Route =
  /** an operation of this build */
  | { kind: 'operation'; name: string }
  /** a static file may answer; if none does, `fallback` says what comes next */
  | { kind: 'static'; file: string; fallback: Route }
  /** nothing here: an operation name this build lacks, or no such file */
  | { kind: 'unknown'; name?: string; looksLikeApi: boolean };

/**
 * `/` is the reader page when there is one, else GetEndpoints (as the hosted API answers). An operation
 * path always wins over a static file of the same name.
 */
export function routeOf(path: string, operations: ReadonlySet<string>, hasWebPage: boolean): Route {
  if (path === '/') {
    const endpoints: Route = operations.has('GetEndpoints')
      ? { kind: 'operation', name: 'GetEndpoints' }
      : { kind: 'unknown', name: 'GetEndpoints', looksLikeApi: true };
    return hasWebPage ? { kind: 'static', file: '/index.html', fallback: endpoints } : endpoints;
  }
  const name = API_V2_PATHS[path] ?? (/^\/[A-Za-z][A-Za-z0-9_]{0,99}$/.test(path) ? path.slice(1) : undefined);
  if (name && operations.has(name)) return { kind: 'operation', name };
  return {
    kind: 'static',
    file: path,
    fallback: {
      kind: 'unknown',
      ...(name ? { name } : {}),
      looksLikeApi: name !== undefined || path.startsWith('/api/'),
    },
  };
}

/** The 404 message for a path no route answers, with the operation a misspelt name most likely meant. */
export function unknownPathMessage(
  path: string,
  route: Extract<Route, { kind: 'unknown' }>,
  operations: ReadonlySet<string> = new Set(),
): string {
  if (!route.looksLikeApi) return `nothing at ${JSON.stringify(path.slice(0, 80))}`;
  if (route.name && API_V2_PATHS[path])
    return `unknown operation ${JSON.stringify(route.name.slice(0, 60))} (${path} needs ${route.name}, which this build does not have); GET /GetEndpoints lists them all`;
  return unknownOperationMessage(route.name ?? path, [...operations], 'GET /GetEndpoints lists them all');
}
