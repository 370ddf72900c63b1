/**
 * The security headers of every response, pages, files and API alike (`@fastify/helmet`, issue 23
 * §3.8). The content security policy is the one the built web app (game, scorer, bot worker,
 * service worker, manifest) works under: its own scripts, styles, images, workers and WebSocket,
 * nothing inline and nothing from elsewhere — checked in Chromium by apps/web/e2e/headers.e2e.ts.
 * `data:` images are for the empty favicon (`<link rel="icon" href="data:,">`) and canvas
 * snapshots, `blob:` for images the 3D view makes. No page may be framed (`frame-ancestors 'none'`,
 * and `X-Frame-Options: DENY` for older browsers); no page sends where it came from
 * (`Referrer-Policy: no-referrer`: an invite link carries a private table's id); every response
 * says `X-Content-Type-Options: nosniff`. Plain HTTP keeps working (no `upgrade-insecure-requests`,
 * which would break a server reached by its LAN address); HSTS only tells browsers that reached the
 * server over HTTPS (a TLS proxy in front), for this host only.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export async function registerHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    // The web app loads nothing cross-origin; its pages may open each other (the scorer from the game).
    crossOriginEmbedderPolicy: false,
  });
}
