/// <reference types="node" />
import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';

// Two pages share one build: the game (index.html) and the match scorer (scorer.html).
export default defineConfig({
  base: './',
  // The packages are built from their TypeScript sources (the "@pyramid/source" export condition).
  resolve: { conditions: ['@pyramid/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        game: resolve(import.meta.dirname, 'index.html'),
        scorer: resolve(import.meta.dirname, 'scorer.html'),
        viewTest: resolve(import.meta.dirname, 'view-test.html'),
      },
    },
    chunkSizeWarningLimit: 700,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 5173 },
  server: { host: '127.0.0.1', port: 5173 },
});
