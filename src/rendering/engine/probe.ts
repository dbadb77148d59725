import { loadFonts } from './fonts';

/**
 * Readiness check for the renderer: draws one line with the embedded font into a real PDF and checks
 * the bytes look like one. Proves pdfkit, fontkit and the fonts all load in this build.
 */
export async function probeRenderer(): Promise<void> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  // @types/pdfkit lags 0.20, which also accepts a parsed fontkit font.
  const font = fonts.regular as unknown as string;
  const doc = new PDFDocument({ size: 'A4', font, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font(font).fontSize(10).text('Ready: € ü ß');
  doc.end();
  await done;
  const bytes = Buffer.concat(chunks);
  if (bytes.subarray(0, 5).toString() !== '%PDF-' || bytes.length < 500)
    throw new Error('renderer produced no PDF');
}
