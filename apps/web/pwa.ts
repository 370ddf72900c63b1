/// <reference types="node" />
/**
 * The match scorer as an installable app, made at build time: the web manifest, its PNG icons
 * (drawn here, no image files to keep in sync) and the service worker with its precache list —
 * the scorer page and every file its module graph loads, read from Vite's bundle (not scraped
 * from HTML), under a cache name that changes whenever one of those files does.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const MANIFEST = 'manifest.webmanifest';
export const ICON_SIZES = [192, 512] as const;
const THEME = '#1f5f3a';
const BACKGROUND = '#12351f';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image (`pixels`, row-major) encoded as PNG. */
export function encodePng(size: number, pixels: Uint8Array): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/**
 * The icon: the coloured (yellow) ball and an ivory ball on the cloth, full-bleed so that it also
 * serves as a maskable icon (the balls stay inside the central safe circle).
 */
export function drawIcon(size: number): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  const discs = [
    { x: 0.6, y: 0.58, r: 0.2, colour: rgb('#e3ad17') },
    { x: 0.36, y: 0.4, r: 0.13, colour: rgb('#f4ecd6') },
  ];
  const cloth = rgb(THEME);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b] = cloth;
      for (const disc of discs) {
        const d = Math.hypot((px + 0.5) / size - disc.x, (py + 0.5) / size - disc.y) * size;
        const cover = Math.min(1, Math.max(0, disc.r * size - d + 0.5)); // anti-aliased edge
        // A little shading toward the lower right makes it read as a ball.
        const shade = 1 - 0.25 * Math.max(0, d / (disc.r * size));
        r = r + (disc.colour[0] * shade - r) * cover;
        g = g + (disc.colour[1] * shade - g) * cover;
        b = b + (disc.colour[2] * shade - b) * cover;
      }
      const i = (py * size + px) * 4;
      pixels[i] = Math.round(r);
      pixels[i + 1] = Math.round(g);
      pixels[i + 2] = Math.round(b);
      pixels[i + 3] = 255;
    }
  }
  return encodePng(size, pixels);
}

function manifest(): string {
  return `${JSON.stringify(
    {
      name: 'Пирамида — счётчик матча · Pyramid match scorer',
      short_name: 'Пирамида',
      description: 'Score a match of Russian pyramid (МКП rules); the referee rules on every shot.',
      lang: 'ru',
      start_url: './scorer.html',
      scope: './',
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: THEME,
      icons: [
        ...ICON_SIZES.map((size) => ({
          src: `icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`;
}

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/** `page`'s entry chunk and everything it loads: the files the page needs offline. */
function filesOf(bundle: Record<string, { type: string; fileName: string }>, page: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(`/${page}`));
  if (entry === undefined) throw new Error(`pwa: no entry chunk for ${page}`);
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    const c = byName.get(name);
    if (c === undefined) return;
    for (const next of [...c.imports, ...c.dynamicImports]) visit(next);
    for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of c.viteMetadata?.importedAssets ?? []) files.add(asset);
  };
  visit(entry.fileName);
  return [...files].sort();
}

/** The plugin: manifest, icons and service worker for `page` (the scorer). */
export function installableApp(page = 'scorer.html'): Plugin {
  return {
    name: 'pyramid-installable-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.filename.endsWith(`/${page}`)) return [];
        return [
          { tag: 'link', attrs: { rel: 'manifest', href: `./${MANIFEST}` }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: 'theme-color', content: THEME }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'apple-touch-icon', href: './icons/icon-192.png' }, injectTo: 'head' },
        ];
      },
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: MANIFEST, source: manifest() });
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: drawIcon(size) });
      }
      const precache = [
        page,
        MANIFEST,
        ...ICON_SIZES.map((size) => `icons/icon-${size}.png`),
        ...filesOf(bundle as Record<string, { type: string; fileName: string }>, page),
      ];
      const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
      const template = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
      const source = template
        .replace('/* PRECACHE */ []', JSON.stringify(precache))
        .replace("'/* VERSION */'", JSON.stringify(version));
      if (source === template) throw new Error('pwa: service-worker.js lost its placeholders');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
