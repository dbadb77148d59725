// Operators as pdfkit writes them into a page's content, shared by the fast paths that write them without
// pdfkit's own calls (text-fast-path.ts, shape-fast-path.ts, qr.ts): its number format and its colours.

/** pdfkit's number format for content streams: six decimals at most. */
export const num = (n: number) => Math.round(n * 1e6) / 1e6;

interface PdfKitColor {
  _fillColor?: unknown;
  _normalizeColor(color: string): number[] | null;
}

// The operators pdfkit's fillColor and strokeColor write for a colour given as hex, kept per colour.
const COLOR_OPS_LIMIT = 1_000;
const fillOps = new Map<string, string>();
const strokeOps = new Map<string, string>();

/**
 * What `doc.fillColor(color)` (or `strokeColor`) writes for a hex colour, or null for any other colour
 * (pdfkit then writes it). A fill colour is also recorded as the document's current one, as pdfkit does.
 */
export function colorOps(doc: object, color: string, stroke: boolean): string | null {
  const pdf = doc as PdfKitColor;
  const known = stroke ? strokeOps : fillOps;
  let ops = known.get(color);
  if (ops === undefined) {
    const rgb = color.startsWith('#') ? pdf._normalizeColor(color) : null;
    if (!rgb) return null;
    const space = rgb.length === 4 ? 'DeviceCMYK' : 'DeviceRGB';
    ops = stroke ? `/${space} CS\n${rgb.join(' ')} SCN\n` : `/${space} cs\n${rgb.join(' ')} scn\n`;
    if (known.size >= COLOR_OPS_LIMIT) known.clear();
    known.set(color, ops);
  }
  if (!stroke) {
    const current = pdf._fillColor as [string, undefined] | undefined;
    if (current?.[0] !== color || current[1] !== undefined) pdf._fillColor = [color, undefined];
  }
  return ops;
}
