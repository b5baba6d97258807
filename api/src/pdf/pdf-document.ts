import PDFDocument from 'pdfkit';
import { preparedFonts } from './prepared-fonts';

export interface PdfInProgress {
  doc: PDFKit.PDFDocument;
  /** The file, once `doc.end()` has been called. */
  bytes: Promise<Buffer>;
}

/**
 * A compressed A4 document without margins, its text set in the prepared fonts, `doc.font('regular')`
 * and `doc.font('bold')` (see prepared-fonts.ts): the start of every PDF the shop makes. Date it with
 * `info.CreationDate` from the data it shows, not the clock, so the same data gives the same bytes.
 */
export function startPdf(info: PDFKit.DocumentInfo): PdfInProgress {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: true,
    // No default font: pdfkit would load its Helvetica metrics for every document, never to use them.
    font: null as unknown as string,
    info,
  });
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = preparedFonts();
  fonts.regular.useIn(doc, 'regular');
  fonts.bold.useIn(doc, 'bold');
  return { doc, bytes };
}
