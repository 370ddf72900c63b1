/// <reference types="node" />
import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';
import { installableApp } from './pwa.js';

/** The mode the browser tests build in: it adds the view's test page (view-test.html). */
export const E2E_MODE = 'e2e';

// Five pages share one build: the game (index.html), the match scorer (scorer.html), which installs
// as an app (manifest, icons and service worker made by pwa.ts), a club event's page (event.html),
// the stream overlay (overlay.html) and the live page of a match or a table (live.html).
export default defineConfig(({ mode }) => ({
  base: './',
  // The packages are built from their TypeScript sources (the "@pyramid/source" export condition).
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  plugins: [installableApp('scorer.html')],
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        game: resolve(import.meta.dirname, 'index.html'),
        scorer: resolve(import.meta.dirname, 'scorer.html'),
        event: resolve(import.meta.dirname, 'event.html'),
        overlay: resolve(import.meta.dirname, 'overlay.html'),
        live: resolve(import.meta.dirname, 'live.html'),
        ...(mode === E2E_MODE ? { viewTest: resolve(import.meta.dirname, 'view-test.html') } : {}),
      },
    },
    // The game's bundle holds the 3D view too (about 725 kB before gzip; see bench web.firstLoad*).
    chunkSizeWarningLimit: 800,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 5173 },
  server: { host: '127.0.0.1', port: 5173 },
}));
