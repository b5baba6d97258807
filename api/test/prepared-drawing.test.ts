import { PDFParse } from 'pdf-parse';
import { startPdf } from '../src/pdf/pdf-document';
import { PreparedDrawing } from '../src/pdf/prepared-drawing';

const DATE = new Date('2026-11-20T09:00:00Z');

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

function pageWith(drawing: PreparedDrawing, words: string): Promise<Buffer> {
  const { doc, bytes } = startPdf({ Title: 'Prepared drawing', CreationDate: DATE });
  drawing.drawOn(doc, 120);
  doc.font('regular').fontSize(10).fillColor('#000000').text(words, 48, 400, { lineBreak: false });
  doc.end();
  return bytes;
}

describe('PreparedDrawing', () => {
  it('writes into later documents exactly what it drew into the first, beside their own text', async () => {
    const heading = new PreparedDrawing((doc) => {
      doc.rect(48, 0, 200, 20).fill('#e8f1ec');
      doc.font('bold').fontSize(9).fillColor('#1f2a24').text('Unit price ₹', 52, 6, { lineBreak: false });
      doc.font('regular').fontSize(8).text('Inclusive of all taxes', 52, 30, { lineBreak: false });
    });
    const recorded = await pageWith(heading, 'First order');
    const replayed = await pageWith(heading, 'First order');
    expect(replayed.equals(recorded)).toBe(true);

    const other = await pageWith(heading, 'Second order Zoë');
    const text = await pdfText(other);
    for (const expected of ['Unit price ₹', 'Inclusive of all taxes', 'Second order Zoë']) expect(text).toContain(expected);
  });

  it('refuses to record text outside the prepared glyphs, whose numbers would differ in the next document', () => {
    const accented = new PreparedDrawing((doc) => {
      doc.font('regular').fontSize(9).text('Crème', 48, 0, { lineBreak: false });
    });
    const { doc } = startPdf({ CreationDate: DATE });
    expect(() => accented.drawOn(doc)).toThrow('A prepared drawing can only use the prepared glyphs');
  });
});
