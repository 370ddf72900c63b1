#!/usr/bin/env node
// The `pyramid` command: runs the compiled JavaScript in dist/ (`npm run build`, which `npm test`
// and `npm start` run for you in the workspace).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
