#!/usr/bin/env node
// The `bible` command. The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

// `bible GetEndpoints | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });

register();
const { main } = await import('../engine/node/cli.ts');
process.exitCode = await main(process.argv.slice(2));
