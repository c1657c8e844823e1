// `npm start`: build the packs if needed, then serve the API locally.
import './ensure-build.ts';
import { serveFromArgs } from '../engine/node/serve-command.ts';

await serveFromArgs(process.argv.slice(2));
