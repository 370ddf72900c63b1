/**
 * The built web app served from its folder: only files inside it (the path is decoded, normalised
 * and checked to stay inside; no dot-files, no NUL; no symbolic link anywhere on the way, whether
 * it points out of the folder or inside it: the file's real path must be the path asked for), with
 * their content types. Hashed assets
 * (`assets/…`) are cached for a year as immutable; pages, the service worker and the manifest are
 * revalidated every time, so a new build reaches players at once.
 */
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export interface StaticFile {
  readonly path: string;
  readonly size: number;
  readonly type: string;
  readonly cacheControl: string;
  readonly mtime: Date;
}

/** The file `urlPath` names inside `root`, or null (missing, outside, hidden or not a file). */
export async function findStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.endsWith('/')) decoded += 'index.html';
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative.split(/[/\\]/).some((part) => part.startsWith('.'))) return null;
  let base: string;
  try {
    // The folder itself may be reached through a link (a deployment's `current` → a release).
    base = await realpath(resolve(root));
  } catch {
    return null;
  }
  const full = resolve(join(base, relative));
  if (full !== base && !full.startsWith(base + sep)) return null;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    if ((await realpath(full)) !== full) return null;
    info = await stat(full);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const type = TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream';
  const hashed = relative.startsWith(`assets${sep}`) || relative.startsWith('assets/');
  return {
    path: full,
    size: info.size,
    type,
    cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    mtime: info.mtime,
  };
}

/** The file's bytes; a link put in its place since `findStatic` is not followed (O_NOFOLLOW: rejects). */
export async function openStatic(file: StaticFile) {
  const handle = await open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW);
  return handle.createReadStream();
}
