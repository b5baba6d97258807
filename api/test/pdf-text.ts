import { execFileSync } from 'node:child_process';
import { PDFParse } from 'pdf-parse';

/** A PDF's text, wrapped lines joined again (a sentence reads the same wherever the page broke it), and its page count. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/**
 * A PDF's text as poppler's pdftotext (Debian's poppler-utils) reads it. Unlike pdf.js it reads the
 * ActualText of marked runs, which is how Tamil comes out in the order it is written.
 */
export function pdftotext(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}
