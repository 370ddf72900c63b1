/** The scoring link's QR code: every dark module drawn once, inside the quiet zone. */
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { qrPath } from '../src/events/qr.js';

const LINK = `http://192.168.1.10:8080/scorer.html#live=AbCdEfGhIjKlMnOpQrStUv&cap=${'Zz0_-'.repeat(8)}abc`;

describe('qrPath', () => {
  it("draws exactly the encoder's dark modules, offset by a quiet zone of four", () => {
    const qr = qrcode(0, 'M');
    qr.addData(LINK, 'Byte');
    qr.make();
    const count = qr.getModuleCount();
    const { size, d, dark } = qrPath(LINK);
    expect(size).toBe(count + 8);
    const squares = [...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => [Number(m[1]) - 4, Number(m[2]) - 4]);
    expect(squares.length).toBe(dark);
    expect(d).toBe(squares.map(([c, r]) => `M${(c ?? 0) + 4} ${(r ?? 0) + 4}h1v1h-1z`).join(''));
    for (const [col, row] of squares) expect(qr.isDark(row as number, col as number)).toBe(true);
    let expected = 0;
    for (let r = 0; r < count; r++) for (let c = 0; c < count; c++) if (qr.isDark(r, c)) expected++;
    expect(dark).toBe(expected);
    // A link of this length needs a version-7 code (45 modules) or so at level M: readable on a phone.
    expect(count).toBeGreaterThanOrEqual(41);
  });
});
