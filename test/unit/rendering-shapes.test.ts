// Rectangles and rules written without pdfkit's calls (engine/shape-fast-path.ts) are the bytes pdfkit's own
// calls write: the page content of two documents, one drawn each way, compared whole.
import { describe, expect, test } from 'bun:test';
import { inflateSync } from 'node:zlib';
import { Pdf } from '../../src/rendering/engine/pdf';
import { fillRect, strokeLine, strokeRect } from '../../src/rendering/engine/shape-fast-path';
import { drawTextLine } from '../../src/rendering/engine/text-fast-path';

type Doc = PDFKit.PDFDocument;

/** The same shapes, through the fast path or through pdfkit; the count of pdfkit calls the fast path made. */
async function drawn(ours: boolean): Promise<{ content: string; pdfkitCalls: number }> {
  const pdf = await Pdf.create({ pageSize: 'A4', title: 'Shapes', author: 'test', lang: 'de-DE' });
  const doc = pdf.doc;
  let pdfkitCalls = 0;
  for (const name of ['rect', 'moveTo', 'lineWidth'] as const) {
    const original = doc[name].bind(doc) as (...args: unknown[]) => Doc;
    (doc as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      pdfkitCalls += 1;
      return original(...args);
    };
  }
  const rect = (x: number, y: number, w: number, h: number, color: string) =>
    ours ? fillRect(doc, x, y, w, h, color) : doc.rect(x, y, w, h).fill(color);
  const line = (x1: number, y1: number, x2: number, y2: number, color: string, width: number) =>
    ours
      ? strokeLine(doc, x1, y1, x2, y2, color, width)
      : doc.lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke(color);
  const box = (x: number, y: number, w: number, h: number, color: string, width: number) =>
    ours ? strokeRect(doc, x, y, w, h, color, width) : doc.lineWidth(width).rect(x, y, w, h).stroke(color);

  pdf.font('regular', 10);
  rect(40, 30.25, 515.28, 12.3456789, '#eef2ff');
  drawTextLine(doc, 'Beratungsleistung Markenarchitektur', 48, 40, 0, '#111827');
  line(40, 50.5, 555.28, 50.5, '#e5e7eb', 0.5);
  line(300.125, 60, 300.125, 90.0000004, '#1E293B', 0.6);
  box(40, 60, 515.28, 30, '#cbd5e1', 0.75);
  rect(0, 0, 10, 10, '#abc'); // short hex, as pdfkit expands it
  drawTextLine(doc, 'after the shapes', 48, 100, 0, '#111827');
  rect(20, 120, 5, 5, '#eef2ff');
  const pdfkitCallsBeforeNamed = pdfkitCalls;
  rect(30, 130, 5, 5, 'red'); // a named colour: pdfkit's own path
  const bytes = await pdf.finish();
  const text = Buffer.from(bytes).toString('latin1');
  const match = /\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/.exec(text);
  if (!match) throw new Error('no page content');
  const start = (match.index ?? 0) + match[0].length;
  const content = inflateSync(Buffer.from(bytes).subarray(start, start + Number(match[1]))).toString(
    'latin1',
  );
  return { content, pdfkitCalls: ours ? pdfkitCallsBeforeNamed : pdfkitCalls };
}

describe('shape fast path', () => {
  test('filled rectangles, rules and boxes are written exactly as pdfkit writes them', async () => {
    const ours = await drawn(true);
    const theirs = await drawn(false);
    expect(ours.content).toContain(' re\n');
    expect(ours.content).toContain('/DeviceRGB CS');
    expect(ours.content).toBe(theirs.content);
    // The hex colours went the fast way (no pdfkit drawing call), the named one through pdfkit.
    expect(ours.pdfkitCalls).toBe(0);
    expect(theirs.pdfkitCalls).toBeGreaterThan(5);
  });
});
