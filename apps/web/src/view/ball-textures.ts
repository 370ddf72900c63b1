/**
 * Ball surface textures, drawn once per view on canvases and cached: ivory, ivory with faint dots,
 * ivory with a number, and the coloured ball with white dots. The maps are equirectangular (three's
 * SphereGeometry): the canvas's middle row is the equator, u = 0.25 faces +z of the ball's own axes
 * and u = 0.75 faces −z, the top and bottom rows are the poles (±y). Markings sit at those four places
 * so that a rolling ball shows its rotation from any side.
 */
import { CanvasTexture, SRGBColorSpace, type Texture } from 'three';

export const IVORY = '#f4ecd6';
/** The coloured ball: yellow, as the МКП rules prefer (п.3), in every program. */
export const COLOURED_YELLOW = '#e3ad17';
/** The other colour clubs use, kept for a future choice of look. */
export const COLOURED_RED = '#c9301c';
export const COLOURED = COLOURED_YELLOW;

const WIDTH = 512;
const HEIGHT = 256;

export type BallLook = 'plain' | 'coloured' | { readonly number: number };

function keyOf(look: BallLook): string {
  return typeof look === 'string' ? look : `n${look.number}`;
}

/** Paints a disc on the equator at longitude fraction u, radius in radians. */
function equatorDisc(ctx: CanvasRenderingContext2D, u: number, radius: number, fill: string): void {
  const px = radius * (WIDTH / (2 * Math.PI));
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(u * WIDTH, HEIGHT / 2, px, 0, 2 * Math.PI);
  ctx.fill();
}

/** Paints a cap around both poles of angular radius `radius` (full rows in an equirectangular map). */
function poleCaps(ctx: CanvasRenderingContext2D, radius: number, fill: string): void {
  const rows = Math.round((radius / Math.PI) * HEIGHT);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, WIDTH, rows);
  ctx.fillRect(0, HEIGHT - rows, WIDTH, rows);
}

function draw(look: BallLook): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return canvas;
  if (look === 'coloured') {
    ctx.fillStyle = COLOURED;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    // Four white dots: the spin of the coloured ball is what a player watches most.
    equatorDisc(ctx, 0.25, 0.2, '#fbf6ea');
    equatorDisc(ctx, 0.75, 0.2, '#fbf6ea');
    poleCaps(ctx, 0.2, '#fbf6ea');
    return canvas;
  }
  ctx.fillStyle = IVORY;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  if (look === 'plain') {
    // Faint, so the balls still read as plain ivory, yet a rolling ball visibly turns.
    equatorDisc(ctx, 0.25, 0.12, '#dcd0b0');
    equatorDisc(ctx, 0.75, 0.12, '#dcd0b0');
    poleCaps(ctx, 0.12, '#dcd0b0');
    return canvas;
  }
  const text = String(look.number);
  const fontPx = text.length > 1 ? 62 : 74;
  for (const u of [0.25, 0.75]) {
    const x = u * WIDTH;
    const y = HEIGHT / 2;
    ctx.strokeStyle = '#2a2420';
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.arc(x, y, 0.5 * (WIDTH / (2 * Math.PI)), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = '#1c1814';
    ctx.font = `bold ${fontPx}px Arial, Helvetica, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // Canvas rows run from the +y pole down; mirror-free because three samples u left to right.
    ctx.fillText(text, x, y + fontPx * 0.04);
    if (text === '6' || text === '9') {
      // Underline 6 and 9, as on real balls, so they can be told apart at any angle.
      ctx.fillRect(x - fontPx * 0.22, y + fontPx * 0.42, fontPx * 0.44, 5);
    }
  }
  poleCaps(ctx, 0.1, '#e2d7ba');
  return canvas;
}

/** One texture per look, made on first use; `dispose` frees them all. */
export class BallTextures {
  private readonly cache = new Map<string, Texture>();

  get(look: BallLook): Texture {
    const key = keyOf(look);
    let texture = this.cache.get(key);
    if (texture === undefined) {
      texture = new CanvasTexture(draw(look));
      texture.colorSpace = SRGBColorSpace;
      texture.anisotropy = 4;
      this.cache.set(key, texture);
    }
    return texture;
  }

  dispose(): void {
    for (const texture of this.cache.values()) texture.dispose();
    this.cache.clear();
  }
}
