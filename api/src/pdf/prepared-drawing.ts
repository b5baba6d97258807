import { extraGlyphCount, fontResource } from './prepared-fonts';

/** A font as page operators name it: `/F2 8.5 Tf`. */
const FONT_OPERATOR = /\/(F\d+) [\d.]+ Tf/g;

/**
 * Drawing that comes out the same in every PDF (a letterhead, column headings, a footer), made into
 * page operators by pdfkit once and written into later documents as they are: its text is laid
 * out, encoded and formatted once per process instead of once per PDF (about a sixth of an
 * invoice's time, measured).
 *
 * `draw` places things relative to the origin it is given with `drawOn(doc, y)`, and sets every
 * font, size, colour and line width it uses; it runs inside save/restore, so it leaves the graphics
 * state of what follows alone. Only the operators and the fonts they name are replayed, so it must
 * not depend on the document (no text of the order), must not use images or opacity, and its text
 * must keep to the prepared fonts' glyphs (see prepared-fonts.ts; recording other glyphs throws).
 */
export class PreparedDrawing {
  private recorded: { operators: string; fontIds: string[] } | null = null;

  constructor(private readonly draw: (doc: PDFKit.PDFDocument) => void) {}

  /** Draws at vertical offset `y` (points from the top of the page). */
  drawOn(doc: PDFKit.PDFDocument, y = 0): void {
    doc.save().translate(0, y);
    if (this.recorded) {
      for (const id of this.recorded.fontIds) doc.page.fonts[id] ??= fontResource(doc, id);
      doc.addContent(this.recorded.operators);
    } else {
      this.recorded = record(doc, this.draw);
    }
    doc.restore();
  }
}

/** Draws once for real, keeping the operators pdfkit writes meanwhile (`addContent` is where they all pass). */
function record(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): { operators: string; fontIds: string[] } {
  const operators: string[] = [];
  const extraGlyphsBefore = extraGlyphCount(doc);
  const addContent = doc.addContent.bind(doc);
  doc.addContent = (data: string) => {
    operators.push(data);
    return addContent(data);
  };
  try {
    draw(doc);
  } finally {
    delete (doc as { addContent?: unknown }).addContent; // back to pdfkit's own method on the prototype
  }
  // Other glyphs get numbers of this document's own, which would name wrong glyphs in the next one.
  if (extraGlyphCount(doc) !== extraGlyphsBefore)
    throw new Error('A prepared drawing can only use the prepared glyphs (printable ASCII, ₹ and the marks in prepared-fonts.ts)');
  const text = operators.join('\n');
  return { operators: text, fontIds: [...new Set([...text.matchAll(FONT_OPERATOR)].map((match) => match[1]))] };
}
