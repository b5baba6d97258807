import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { withoutHinting } from '../src/pdf/truetype-hinting';

interface Glyph {
  advanceWidth: number;
  path: { commands: unknown[] };
}
interface Font {
  numGlyphs: number;
  directory: { tables: Record<string, unknown> };
  getGlyph(id: number): Glyph;
  glyphForCodePoint(codePoint: number): { id: number };
  createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
}
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): Font };

describe('withoutHinting', () => {
  const original = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
  // Simple glyphs, a composite one (Ǻ is built from others) and the rupee sign.
  const subset = original.createSubset();
  for (const char of 'Ag₹Ǻé') subset.includeGlyph(original.glyphForCodePoint(char.codePointAt(0)!).id);
  const hinted = subset.encode();
  const stripped = withoutHinting(hinted);
  const reread = fontkit.create(stripped);
  const before = fontkit.create(Buffer.from(hinted));

  it('keeps every glyph outline and advance, and drops the hinting tables', () => {
    expect(reread.numGlyphs).toBe(before.numGlyphs);
    for (let id = 0; id < before.numGlyphs; id++) {
      expect(reread.getGlyph(id).path.commands).toEqual(before.getGlyph(id).path.commands);
      expect(reread.getGlyph(id).advanceWidth).toBe(before.getGlyph(id).advanceWidth);
    }
    expect(Object.keys(reread.directory.tables).filter((tag) => ['fpgm', 'prep', 'cvt '].includes(tag))).toEqual([]);
    expect(stripped.length).toBeLessThan(hinted.length * 0.75);
  });

  it('writes a well-formed file: the whole-font checksum comes to the OpenType constant', () => {
    let sum = 0;
    for (let at = 0; at < stripped.length; at += 4) sum = (sum + stripped.readUInt32BE(at)) >>> 0;
    expect(stripped.length % 4).toBe(0);
    expect(sum).toBe(0xb1b0afba);
  });
});
