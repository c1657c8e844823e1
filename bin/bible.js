#!/usr/bin/env node
// The `bible` command. The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../engine/node/cli.ts');
process.exitCode = await main(process.argv.slice(2));
