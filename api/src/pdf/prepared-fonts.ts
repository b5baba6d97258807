import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync, constants as zlibConstants } from 'node:zlib';
import { withoutHinting } from './truetype-hinting';

/**
 * Fonts for PDFs, prepared once per process so that a document pays neither for subsetting nor for
 * compressing a font. pdfkit's own embedded fonts subset, encode and deflate the font for every
 * document and lay out every word again (half and a quarter of an invoice's time, measured). A
 * prepared font instead carries, from its first use on:
 * - one subset holding the glyphs of printable ASCII, the rupee sign and the typographic marks
 *   (and the ligatures fontkit builds from them), without hinting, already encoded and deflated;
 * - its widths and its ToUnicode map (so text stays searchable and copyable), also deflated;
 * - a layout cache shared by all documents (pdfkit's is per document).
 * A document whose text needs a glyph outside that subset (an accented name, say) gets its own
 * subset, the prepared glyphs first and its extra ones after them: the old per-document cost, for
 * that document only. Every PDF started with startPdf (pdf-document.ts) gets the same: the GST
 * invoice, a delivery sheet.
 */

/** The subset every document shares: what names, addresses, amounts and the invoice's labels use. */
const PREPARED_CHARACTERS = printableAscii() + '₹·…–—‘’“”•×';
const PREPARED_SET = new Set(PREPARED_CHARACTERS);

/** True when every character of the text is in the shared subset (so a PreparedDrawing may show it). */
export function isPreparedText(text: string): boolean {
  for (const character of text) if (!PREPARED_SET.has(character)) return false;
  return true;
}

/** Sequences fontkit turns into ligature glyphs in DejaVu Sans; their glyphs join the prepared subset. */
const LIGATURE_SAMPLES = ['ff', 'fi', 'fl', 'ffi', 'ffl'];
/** Distinct words whose layout is kept across documents; the oldest goes first beyond this. */
const LAYOUT_CACHE_WORDS = 20_000;

export interface PreparedFonts {
  regular: PreparedFont;
  bold: PreparedFont;
}

let prepared: PreparedFonts | null = null;

/**
 * DejaVu Sans, which has the rupee sign (pdfkit's built-in Helvetica does not), prepared on first
 * use (about 0.1 s: the first PDF after start waits for it, start-up does not) and shared by every
 * PDF the process makes.
 */
export function preparedFonts(): PreparedFonts {
  return (prepared ??= { regular: PreparedFont.fromFile(fontFile('DejaVuSans.ttf')), bold: PreparedFont.fromFile(fontFile('DejaVuSans-Bold.ttf')) });
}

function fontFile(name: string): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
}

/** The parts of fontkit used here (it ships no types). */
interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface FontkitPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface FontkitSubset {
  glyphs: number[];
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
}
interface FontkitFont {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xHeight: number;
  capHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  post: { isFixedPitch: number };
  head: { macStyle: { italic: boolean } };
  'OS/2'?: { sFamilyClass: number };
  layout(text: string, features?: unknown): { glyphs: FontkitGlyph[]; positions: FontkitPosition[] };
  glyphsForString(text: string): FontkitGlyph[];
  getGlyph(glyphId: number): FontkitGlyph;
  createSubset(): FontkitSubset;
}

/** pdfkit's own fontkit, resolved from pdfkit so it is the exact copy pdfkit uses. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): FontkitFont };

/** A glyph's placement as pdfkit's text code reads it: in 1/1000 of the font size. */
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** One word laid out; `hex` is its text-stream encoding when all its glyphs are in the prepared subset. */
interface WordLayout {
  glyphs: FontkitGlyph[];
  positions: GlyphPosition[];
  advanceWidth: number;
  hex: string[] | null;
}

export class PreparedFont {
  readonly postscriptName: string;
  readonly scale: number;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  /** Subset index (the character id in the PDF) of every prepared glyph, by font glyph id. */
  private readonly preparedIds = new Map<number, number>();
  /** The prepared subset's glyph ids in subset order, components of composite glyphs included. */
  private readonly preparedGlyphIds: number[];
  private readonly preparedWidths: number[];
  private readonly preparedCodePoints: number[][];
  /** The prepared subset as a deflated TrueType program, and its length before deflating. */
  private readonly deflatedProgram: Buffer;
  private readonly programLength: number;
  private readonly deflatedToUnicode: Buffer;
  private readonly descriptor: Record<string, unknown>;
  private readonly layouts = new Map<string, WordLayout>();

  /**
   * The shared subset holds the glyphs of printable ASCII, the marks and the ligatures, or, given
   * `samples`, those of the samples as the font shapes them (a script whose letters change shape and
   * join, as Tamil's do, has its glyphs only from shaped text).
   */
  static fromFile(file: string, samples?: readonly string[]): PreparedFont {
    return new PreparedFont(fontkit.create(readFileSync(file)), samples);
  }

  private constructor(
    private readonly font: FontkitFont,
    samples?: readonly string[],
  ) {
    this.postscriptName = font.postscriptName.replaceAll(' ', '_');
    this.scale = 1000 / font.unitsPerEm;
    this.ascender = font.ascent * this.scale;
    this.descender = font.descent * this.scale;
    this.lineGap = font.lineGap * this.scale;
    this.xHeight = font.xHeight * this.scale;
    this.capHeight = font.capHeight * this.scale;

    const subset = font.createSubset();
    const codePoints = new Map<number, number[]>([[0, [0]]]);
    const glyphs = samples
      ? samples.flatMap((sample) => font.layout(sample).glyphs)
      : [...font.glyphsForString(PREPARED_CHARACTERS), ...font.layout(LIGATURE_SAMPLES.join(' ')).glyphs];
    for (const glyph of glyphs) {
      subset.includeGlyph(glyph.id);
      if (!codePoints.has(glyph.id)) codePoints.set(glyph.id, glyph.codePoints);
    }
    const program = withoutHinting(subset.encode()); // encoding adds the components of composite glyphs to subset.glyphs
    this.preparedGlyphIds = [...subset.glyphs];
    this.preparedGlyphIds.forEach((glyphId, index) => this.preparedIds.set(glyphId, index));
    this.preparedWidths = this.preparedGlyphIds.map((glyphId) => font.getGlyph(glyphId).advanceWidth * this.scale);
    this.preparedCodePoints = this.preparedGlyphIds.map((glyphId) => codePoints.get(glyphId) ?? []);
    this.programLength = program.length;
    this.deflatedProgram = deflateSync(program, { level: zlibConstants.Z_BEST_COMPRESSION });
    this.deflatedToUnicode = deflateSync(toUnicodeCmap(this.preparedCodePoints), { level: zlibConstants.Z_BEST_COMPRESSION });
    this.descriptor = descriptorOf(font, this.scale);
  }

  /** Makes the font available to `doc.font(name)` for this document. */
  useIn(doc: PDFKit.PDFDocument, name: string): void {
    const fonts = (doc as unknown as PdfkitFontTable)._fontFamilies;
    const font = new DocumentFont(doc, this, `F${Object.keys(fonts).length + 1}`);
    fonts[name] = font;
    let byId = documentFonts.get(doc);
    if (!byId) documentFonts.set(doc, (byId = new Map()));
    byId.set(font.id, font);
  }

  /** pdfkit's layout: word by word (a word keeps its trailing space), each word from the cache. */
  layoutWords(text: string): WordLayout[] {
    const words: WordLayout[] = [];
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if (char === ' ' || char === '\t') {
        words.push(this.layoutWord(text.slice(start, index + 1)));
        start = index + 1;
      }
    }
    if (start < text.length) words.push(this.layoutWord(text.slice(start)));
    return words;
  }

  /** Uncached layout with OpenType features chosen by the caller (pdfkit's `features` option). */
  layoutWithFeatures(text: string, features: unknown): WordLayout {
    return this.layoutRun(text, features);
  }

  preparedGlyphCount(): number {
    return this.preparedGlyphIds.length;
  }

  /** The subset index of a prepared glyph, or undefined when the glyph is not in the prepared subset. */
  preparedIdOf(glyphId: number): number | undefined {
    return this.preparedIds.get(glyphId);
  }

  /**
   * The font objects of a document that used only prepared glyphs: the shared, already deflated
   * program and ToUnicode map; nothing is encoded or compressed here.
   */
  embedPrepared(doc: PDFKit.PDFDocument, dictionary: PdfReference, tag: string): void {
    const program = ref(doc, { Filter: 'FlateDecode', Length1: this.programLength });
    program.end(this.deflatedProgram);
    const toUnicode = ref(doc, { Filter: 'FlateDecode' });
    toUnicode.end(this.deflatedToUnicode);
    this.embedDictionaries(doc, dictionary, tag, program, this.preparedWidths, toUnicode);
  }

  /** The font objects of a document that needed glyphs beyond the prepared ones: its own subset. */
  embedExtended(doc: PDFKit.PDFDocument, dictionary: PdfReference, tag: string, extraGlyphs: FontkitGlyph[]): void {
    const subset = this.font.createSubset();
    for (const glyphId of this.preparedGlyphIds) subset.includeGlyph(glyphId);
    for (const glyph of extraGlyphs) subset.includeGlyph(glyph.id);
    const encoded = withoutHinting(subset.encode());
    const program = ref(doc, { Length1: encoded.length });
    program.end(encoded);
    const widths = [...this.preparedWidths, ...extraGlyphs.map((glyph) => glyph.advanceWidth * this.scale)];
    const toUnicode = ref(doc);
    toUnicode.end(toUnicodeCmap([...this.preparedCodePoints, ...extraGlyphs.map((glyph) => glyph.codePoints)]));
    this.embedDictionaries(doc, dictionary, tag, program, widths, toUnicode);
  }

  private embedDictionaries(
    doc: PDFKit.PDFDocument,
    dictionary: PdfReference,
    tag: string,
    program: PdfReference,
    widths: number[],
    toUnicode: PdfReference,
  ): void {
    const name = `${tag}+${this.postscriptName}`;
    const descriptor = ref(doc, { ...this.descriptor, FontName: name, FontFile2: program });
    descriptor.end();
    const descendant = ref(doc, {
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, widths],
      CIDToGIDMap: 'Identity',
    });
    descendant.end();
    dictionary.data = { Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [descendant], ToUnicode: toUnicode };
    dictionary.end();
  }

  private layoutWord(word: string): WordLayout {
    let layout = this.layouts.get(word);
    if (!layout) {
      layout = this.layoutRun(word);
      if (this.layouts.size >= LAYOUT_CACHE_WORDS) this.layouts.delete(this.layouts.keys().next().value as string);
      this.layouts.set(word, layout);
    }
    return layout;
  }

  private layoutRun(text: string, features?: unknown): WordLayout {
    const run = this.font.layout(text, features);
    const positions = run.positions.map((position, index) => ({
      xAdvance: position.xAdvance * this.scale,
      yAdvance: position.yAdvance * this.scale,
      xOffset: position.xOffset * this.scale,
      yOffset: position.yOffset * this.scale,
      advanceWidth: run.glyphs[index].advanceWidth * this.scale,
    }));
    const advanceWidth = positions.reduce((sum, position) => sum + position.xAdvance, 0);
    const ids = run.glyphs.map((glyph) => this.preparedIds.get(glyph.id));
    const hex = ids.every((id) => id !== undefined) ? ids.map((id) => hex4(id as number)) : null;
    return { glyphs: run.glyphs, positions, advanceWidth, hex };
  }
}

/** Each document's prepared fonts by their resource name in the PDF (F1, F2, …). */
const documentFonts = new WeakMap<PDFKit.PDFDocument, Map<string, DocumentFont>>();

/** How many glyphs outside the prepared subsets the document's text has used so far. */
export function extraGlyphCount(doc: PDFKit.PDFDocument): number {
  let count = 0;
  for (const font of documentFonts.get(doc)?.values() ?? []) count += font.extraGlyphCount;
  return count;
}

/** The indirect object of the document's prepared font named `id` in page operators (`/F1 9 Tf`). */
export function fontResource(doc: PDFKit.PDFDocument, id: string): unknown {
  const font = documentFonts.get(doc)?.get(id);
  if (!font) throw new Error(`No prepared font ${id} in this document`);
  return font.ref();
}

/**
 * What pdfkit's text code asks of the current font, for one document: the same duck type as
 * pdfkit's EmbeddedFont (encode, widthOfString, lineHeight, ref, finalize and the metrics).
 */
class DocumentFont {
  readonly name: string;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  private dictionary: PdfReference | null = null;
  private embedded = false;
  /** Glyphs this document uses beyond the prepared subset; their ids follow the prepared ones. */
  private readonly extraGlyphs: FontkitGlyph[] = [];
  private readonly extraIds = new Map<number, number>();

  constructor(
    private readonly document: PDFKit.PDFDocument,
    private readonly prepared: PreparedFont,
    readonly id: string,
  ) {
    this.name = prepared.postscriptName;
    ({ ascender: this.ascender, descender: this.descender, lineGap: this.lineGap, xHeight: this.xHeight, capHeight: this.capHeight } = prepared);
  }

  encode(text: string, features?: unknown): [string[], GlyphPosition[]] {
    const words = features ? [this.prepared.layoutWithFeatures(text, features)] : this.prepared.layoutWords(text);
    const encoded: string[] = [];
    const positions: GlyphPosition[] = [];
    for (const word of words) {
      if (word.hex) encoded.push(...word.hex);
      else for (const glyph of word.glyphs) encoded.push(hex4(this.idOf(glyph)));
      positions.push(...word.positions);
    }
    return [encoded, positions];
  }

  widthOfString(text: string, size: number, features?: unknown): number {
    const words = features ? [this.prepared.layoutWithFeatures(text, features)] : this.prepared.layoutWords(text);
    let width = 0;
    for (const word of words) width += word.advanceWidth;
    return (width * size) / 1000;
  }

  get extraGlyphCount(): number {
    return this.extraGlyphs.length;
  }

  lineHeight(size: number, includeGap = false): number {
    return ((this.ascender + (includeGap ? this.lineGap : 0) - this.descender) / 1000) * size;
  }

  ref(): PdfReference {
    return (this.dictionary ??= ref(this.document));
  }

  finalize(): void {
    if (this.embedded || !this.dictionary) return;
    // pdfkit's subset tag: six capitals derived from the font's id in the document.
    const tag = [1, 2, 3, 4, 5, 6].map((i) => String.fromCharCode((this.id.charCodeAt(i) || 73) + 17)).join('');
    if (this.extraGlyphs.length === 0) this.prepared.embedPrepared(this.document, this.dictionary, tag);
    else this.prepared.embedExtended(this.document, this.dictionary, tag, this.extraGlyphs);
    this.embedded = true;
  }

  private idOf(glyph: FontkitGlyph): number {
    const prepared = this.prepared.preparedIdOf(glyph.id);
    if (prepared !== undefined) return prepared;
    let extra = this.extraIds.get(glyph.id);
    if (extra === undefined) {
      extra = this.prepared.preparedGlyphCount() + this.extraGlyphs.length;
      this.extraGlyphs.push(glyph);
      this.extraIds.set(glyph.id, extra);
    }
    return extra;
  }
}

/** pdfkit's indirect object (its `ref()`), typed for the parts used here. */
interface PdfReference {
  data: Record<string, unknown>;
  end(chunk?: Buffer | string): void;
}
/** pdfkit keeps a document's fonts by name in this table; `doc.font(name)` looks there first. */
interface PdfkitFontTable {
  _fontFamilies: Record<string, unknown>;
}

function ref(doc: PDFKit.PDFDocument, data?: Record<string, unknown>): PdfReference {
  return (doc as unknown as { ref(data?: Record<string, unknown>): PdfReference }).ref(data);
}

function descriptorOf(font: FontkitFont, scale: number): Record<string, unknown> {
  const familyClass = (font['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 1 << 2; // symbolic: the font's own glyph set, not the standard Latin one
  if (font.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (font.head.macStyle.italic) flags |= 1 << 6;
  const { bbox } = font;
  return {
    Type: 'FontDescriptor',
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: font.italicAngle,
    Ascent: font.ascent * scale,
    Descent: font.descent * scale,
    CapHeight: (font.capHeight || font.ascent) * scale,
    XHeight: (font.xHeight || 0) * scale,
    StemV: 0,
  };
}

/**
 * The ToUnicode CMap mapping each subset index to its characters, as pdfkit writes it, leaving out
 * glyphs without characters (components of composite glyphs). A range stays within one block of 256.
 */
function toUnicodeCmap(codePointsById: number[][]): string {
  const ranges: string[] = [];
  let run: string[] = [];
  let runStart = 0;
  const flush = () => {
    if (run.length > 0) ranges.push(`<${hex4(runStart)}> <${hex4(runStart + run.length - 1)}> [${run.join(' ')}]`);
    run = [];
  };
  codePointsById.forEach((codePoints, id) => {
    if (codePoints.length === 0 || id % 256 === 0) flush();
    if (codePoints.length === 0) return;
    if (run.length === 0) runStart = id;
    run.push(`<${codePoints.flatMap(utf16Units).map(hex4).join('')}>`);
  });
  flush();
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo <<',
    '  /Registry (Adobe)',
    '  /Ordering (UCS)',
    '  /Supplement 0',
    '>> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    `${ranges.length} beginbfrange`,
    ...ranges,
    'endbfrange',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

function utf16Units(codePoint: number): number[] {
  if (codePoint <= 0xffff) return [codePoint];
  const offset = codePoint - 0x10000;
  return [0xd800 | ((offset >>> 10) & 0x3ff), 0xdc00 | (offset & 0x3ff)];
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0');
}

function printableAscii(): string {
  return String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i));
}
