import { build, type PreviewServer, preview } from 'vite';
import type { TestProject } from 'vitest/node';

const WEB_ROOT = new URL('..', import.meta.url).pathname;

let server: PreviewServer | undefined;

/** Builds the web app once and serves the build; the tests read its URL from `inject('baseUrl')`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The e2e mode adds the view's test page (view-test.html), which the production build leaves out.
  await build({ root: WEB_ROOT, logLevel: 'warn', mode: 'e2e' });
  server = await preview({ root: WEB_ROOT, logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' } });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview gave no URL');
  project.provide('baseUrl', url);
  return async () => {
    await server?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
