/**
 * Ball surface textures, drawn once per view on canvases and cached: ivory, ivory with faint dots,
 * ivory with a number, and the coloured ball with white dots. The maps are equirectangular (three's
 * SphereGeometry): the canvas's middle row is the equator, u = 0.25 faces +z of the ball's own axes
 * and u = 0.75 faces −z, the top and bottom rows are the poles (±y). Markings sit at those four places
 * so that a rolling ball shows its rotation from any side.
 */
import { CanvasTexture, SRGBColorSpace, type Texture } from 'three';

export const IVORY = '#f4ecd6';
/** The coloured ball: yellow by default, as the МКП rules prefer (п.3). */
export const COLOURED_YELLOW = '#e3ad17';
/** The other colour clubs use (a display setting). */
export const COLOURED_RED = '#c9301c';
export type ColouredBall = 'yellow' | 'red';
export const COLOURED: Readonly<Record<ColouredBall, string>> = {
  yellow: COLOURED_YELLOW,
  red: COLOURED_RED,
};
/** The ink of the numbers, on the balls' labels and on the panel's chips alike. */
export const NUMBER_INK = '#1c1814';

const WIDTH = 512;
const HEIGHT = 256;

export type BallLook = 'plain' | ColouredBall | { readonly number: number };

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
  if (look === 'yellow' || look === 'red') {
    ctx.fillStyle = COLOURED[look];
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

/** Pixels of a number label's texture (square). */
const LABEL_PX = 128;

/**
 * A ball's number label: an ivory disc with a dark ring and the number in bold, drawn on a sprite that
 * always faces the camera, so the number reads the right way up from any camera and at phone size
 * (a number painted on the rolling sphere is upside down or edge-on half of the time).
 */
function drawLabel(number: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = LABEL_PX;
  canvas.height = LABEL_PX;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return canvas;
  const c = LABEL_PX / 2;
  ctx.fillStyle = IVORY;
  ctx.beginPath();
  ctx.arc(c, c, c - 3, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = '#6b5d48';
  ctx.lineWidth = 5;
  ctx.stroke();
  // As large as the disc allows: at 15 px across a digit is still 10 px tall.
  const text = String(number);
  const fontPx = text.length > 1 ? 74 : 94;
  ctx.fillStyle = NUMBER_INK;
  ctx.font = `bold ${fontPx}px Arial, Helvetica, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, c, c + fontPx * 0.05);
  if (text === '6' || text === '9') ctx.fillRect(c - fontPx * 0.22, c + fontPx * 0.42, fontPx * 0.44, 6);
  return canvas;
}

/** One label texture per number, made on first use. */
export class LabelTextures {
  private readonly cache = new Map<number, Texture>();

  get(number: number): Texture {
    let texture = this.cache.get(number);
    if (texture === undefined) {
      texture = new CanvasTexture(drawLabel(number));
      texture.colorSpace = SRGBColorSpace;
      this.cache.set(number, texture);
    }
    return texture;
  }

  dispose(): void {
    for (const texture of this.cache.values()) texture.dispose();
    this.cache.clear();
  }
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
