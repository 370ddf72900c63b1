#!/usr/bin/env node
// The `pyramid` command: runs the compiled JavaScript in dist/. An installed package ships it; in
// the repository `npm install` builds it (the root's `prepare` script), and so do `npm run build`,
// `npm test` and `npm start`. Without it, say what to run rather than print a module-loader trace.
let main;
try {
  ({ main } = await import('../dist/main.js'));
} catch (error) {
  // This package's dist/ or that of a package it imports (each `exports` entry points into dist/).
  const missing = error?.code === 'ERR_MODULE_NOT_FOUND' && /[\\/]dist[\\/]/.test(String(error.message));
  if (!missing) throw error;
  process.stderr.write(
    'pyramid: the command is not built yet (a dist/ folder is missing). In the repository run `npm run build`\n' +
      '(or `npm install`, which builds it), then try again.\n',
  );
  process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
