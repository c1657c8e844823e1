// `bible serve` from the TypeScript sources (run with `node --import tsx`), so process tests exercise the
// code as it is now rather than the compiled lib/.
import { serveFromArgs } from '../../engine/node/serve-command.ts';

await serveFromArgs(process.argv.slice(2));
