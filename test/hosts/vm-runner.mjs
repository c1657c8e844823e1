// Runs dist/engine.js the way a bare JavaScript runtime would (Hermes in React Native, an embedded V8):
// a fresh node:vm context whose only global beyond the language itself is a byte loader. No
// TextDecoder, no Buffer, no fetch, no timers, no module loader: any import the bundle makes fails.
// Needs --experimental-vm-modules. Prints one JSON line: { globals, results }.
// usage: node --experimental-vm-modules vm-runner.mjs ENGINE_JS DATA_DIR CALLS_JSON
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

const [enginePath, dataDir, callsJson] = process.argv.slice(2);
const context = vm.createContext({
  // The host side of the loader: bytes of one pack, as an app reads an asset.
  __hostBytes(name) {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name)) throw new Error(`bad pack name ${name}`);
    return readFileSync(join(dataDir, `${name}.pack`));
  },
});
const globals = vm.runInContext(
  '({ TextDecoder: typeof TextDecoder, TextEncoder: typeof TextEncoder, Buffer: typeof Buffer, process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout, queueMicrotask: typeof queueMicrotask, console: typeof console })',
  context,
);
const engine = new vm.SourceTextModule(readFileSync(enginePath, 'utf8'), { context, identifier: 'engine.js' });
await engine.link((specifier) => {
  throw new Error(`the bundle imports ${specifier}`);
});
await engine.evaluate();
context.__engine = engine.namespace;
const results = await vm.runInContext(
  `(async () => {
  // Copy into this context's own Uint8Array, as a React Native asset reader would hand it over.
  const loader = async (name) => { const outer = __hostBytes(name); const bytes = new Uint8Array(outer.length); bytes.set(outer); return bytes; };
  const bible = await __engine.open({ loader });
  const out = [];
  for (const [name, params] of ${callsJson}) {
    try { out.push({ ok: await bible.call(name, params) }); }
    catch (error) { out.push({ error: { code: error.code, message: String(error.message) } }); }
  }
  return JSON.stringify(out);
})()`,
  context,
);
process.stdout.write(`${JSON.stringify({ globals, results: JSON.parse(results) })}\n`);
