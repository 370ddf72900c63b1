#!/usr/bin/env node
// The `pyramid` command. Runs the TypeScript sources through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
