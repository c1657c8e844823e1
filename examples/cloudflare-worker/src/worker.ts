// The HTTP API as a Cloudflare Worker: a fetch handler over the same request-to-answer layer as
// `bible serve` (engine/node/http/api-answer.ts, which imports no Node built-in), with the packs as the
// Worker's static assets, fetched through its ASSETS binding when an operation first needs one, never
// inlined in the script. Deploy with wrangler (wrangler.jsonc beside this folder); docs/deploy.md.
import { open } from '../../../engine/core/engine.ts';
import { type ApiSite, answerApiRequest, apiSite } from '../../../engine/node/http/api-answer.ts';

/** The bindings wrangler.jsonc declares: the packs folder as static assets. */
export interface Env {
  ASSETS: { fetch(input: string): Promise<Response> };
}

/** The engine over the assets, opened once per isolate; packs load on first use and stay for its life. */
let site: Promise<ApiSite> | undefined;

function siteFor(env: Env): Promise<ApiSite> {
  site ??= open({
    loader: async (name) => {
      // The assets binding answers by path; the host part is not looked at.
      const response = await env.ASSETS.fetch(`https://assets.local/${name}.pack`);
      if (!response.ok) throw new Error(`pack ${name} is not among the Worker's assets (${response.status})`);
      return new Uint8Array(await response.arrayBuffer());
    },
  }).then(async (bible) => {
    // The operation table (every operation but the verse lookups) loads here, once, not on a request.
    await bible.load([]);
    return apiSite(bible);
  });
  // A failed open (an asset missing at start) is tried again by the next request, not kept.
  site.catch(() => {
    site = undefined;
  });
  return site;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await answerApiRequest(await siteFor(env), {
      method: request.method,
      target: `${url.pathname}${url.search}`,
      headers,
      body: request.method === 'POST' ? await request.text() : undefined,
    });
    const body = answer.body === undefined || request.method === 'HEAD' ? null : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers: { ...JSON_HEADERS, ...answer.headers } });
  },
};
