import { join } from 'node:path';
import { PreparedFont } from './prepared-fonts';

/**
 * Noto Sans Tamil Bold (SIL Open Font License 1.1, api/assets/fonts/OFL.txt), cut down to the Tamil
 * block: the Tamil headings of the invoice of a buyer who reads Tamil, everything else staying in
 * DejaVu. fontkit shapes the text (its Indic shaper and the font's OpenType tables put each vowel
 * sign where it belongs and join the conjuncts), and the font is prepared like DejaVu
 * (prepared-fonts.ts): shaping Tamil is slow enough (tens of ms for a page's headings, a second for
 * the first) to do once per process. The build copies api/assets beside the compiled code
 * (api/project.json), so this path holds both in the sources and in dist/.
 */
const FONT_FILE = join(__dirname, '../../assets/fonts/NotoSansTamil-Bold.ttf');
let prepared: PreparedFont | null = null;

/**
 * Makes `doc.font('tamil-bold')` available in this document. Prepared on the first call from its
 * `samples`, the texts the caller draws: their glyphs are the subset every document shares and their
 * layouts are kept. Other Tamil text works too, in a subset of the document's own.
 */
export function useTamilFont(doc: PDFKit.PDFDocument, samples: readonly string[]): void {
  prepared ??= PreparedFont.fromFile(FONT_FILE, samples);
  prepared.useIn(doc, 'tamil-bold');
}

/**
 * One line of Tamil in the current font. Its glyphs stand in the order they are drawn, not read (the
 * vowel sign of வெ before the வ, a conjunct one glyph for two letters), which is also the order in
 * which text extraction, copying and screen readers would take them; so the run is marked with its
 * text as ActualText, which they read instead (`pdftotext` gives back the Tamil as written). The mark
 * goes inside the text object, where pdfkit has turned the page's coordinates upside down for the
 * text: an extractor places the ActualText with the coordinates in force at its end, so a mark
 * around `doc.text` would land its text on the mirrored line.
 */
export function tamilText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const addContent = doc.addContent.bind(doc);
  doc.addContent = (data: string) => {
    if (data === 'ET') doc.endMarkedContent();
    addContent(data);
    if (data === 'BT') doc.markContent('Span', { actual: text, lang: 'ta' });
    return doc;
  };
  try {
    doc.text(text, x, y, { lineBreak: false, ...options });
  } finally {
    delete (doc as { addContent?: unknown }).addContent; // back to pdfkit's own method on the prototype
  }
}
