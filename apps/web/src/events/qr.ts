/**
 * A QR code as SVG (qrcode-generator encodes; the SVG is built here as DOM, one path of the dark
 * modules, so that no markup string is parsed into the page). Error correction M: a phone reads it
 * off a printed sheet or a screen across the table.
 */
import qrcode from 'qrcode-generator';

/** Quiet zone around the code, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The code's size in modules (quiet zone included) and the path of its dark modules, one unit square each. */
export function qrPath(text: string): { readonly size: number; readonly d: string; readonly dark: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  let dark = 0;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      dark++;
      parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { size: count + 2 * QUIET, d: parts.join(''), dark };
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element of the code, `pixels` wide, black on white. */
export function qrSvg(text: string, pixels = 192, testid?: string): SVGSVGElement {
  const { size, d } = qrPath(text);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('width', String(pixels));
  svg.setAttribute('height', String(pixels));
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', text);
  svg.classList.add('qr');
  if (testid !== undefined) svg.dataset.testid = testid;
  const back = document.createElementNS(SVG, 'rect');
  back.setAttribute('width', String(size));
  back.setAttribute('height', String(size));
  back.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(back, path);
  return svg;
}
