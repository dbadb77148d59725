// Small PDFs written byte by byte for the receiving tests: hybrid invoices and hostile shapes (a fanned-out
// attachment tree, a deflate bomb, a flood of objects) without committing binaries.
import { deflateSync } from 'node:zlib';

type Body = string | Uint8Array;

const enc = new TextEncoder();
const bytesOf = (body: Body) => (typeof body === 'string' ? enc.encode(body) : body);

/** A stream object's body: `dict` entries plus /Length, then the data. */
export function streamBody(dict: string, data: Uint8Array): Uint8Array {
  const head = enc.encode(`<< ${dict} /Length ${data.byteLength} >>\nstream\n`);
  const tail = enc.encode('\nendstream');
  const out = new Uint8Array(head.length + data.length + tail.length);
  out.set(head, 0);
  out.set(data, head.length);
  out.set(tail, head.length + data.length);
  return out;
}

/**
 * A PDF whose object N is `objects[N - 1]`, object 1 the catalog, with a correct cross-reference table
 * (left out with `xref: false`: readers find the objects by scanning, and a huge file stays smaller).
 */
export function rawPdf(objects: Body[], options: { xref?: boolean } = {}): Uint8Array {
  const parts: Uint8Array[] = [enc.encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    for (const part of [enc.encode(`${i + 1} 0 obj\n`), bytesOf(body), enc.encode('\nendobj\n')]) {
      parts.push(part);
      length += part.length;
    }
  });
  const xref = options.xref === false ? [] : [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  if (options.xref !== false) {
    for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  }
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  parts.push(enc.encode(xref.join('')));
  return Buffer.concat(parts);
}

export interface Attachment {
  name: string;
  /** The stream's bytes as stored (already compressed when `filter` is set). */
  stored: Uint8Array;
  filter?: 'FlateDecode';
}

/** An attachment stored deflated, as producers write them. */
export const deflated = (name: string, content: Uint8Array): Attachment => ({
  name,
  stored: new Uint8Array(deflateSync(content)),
  filter: 'FlateDecode',
});

/**
 * A hybrid PDF: catalog (1), pages (2), the embedded-files name tree, then per attachment a file spec and
 * its stream. `tree` shapes the tree: `fanOut` kids per node over `depth` levels, all the same node (a
 * tree that is a chain listing one child many times), the attachments at its leaf.
 */
export function hybridPdf(
  attachments: Attachment[],
  tree: { depth?: number; fanOut?: number } = {},
): Uint8Array {
  const depth = tree.depth ?? 0;
  const fanOut = tree.fanOut ?? 1;
  const objects: Body[] = [];
  const firstNode = 3;
  const leaf = firstNode + depth;
  const firstSpec = leaf + 1;
  objects.push(`<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles ${firstNode} 0 R >> >>`);
  objects.push('<< /Type /Pages /Kids [] /Count 0 >>');
  for (let level = 0; level < depth; level++) {
    const child = `${firstNode + level + 1} 0 R`;
    objects.push(`<< /Kids [${Array(fanOut).fill(child).join(' ')}] >>`);
  }
  const pairs = attachments.map((a, i) => `(${a.name}) ${firstSpec + i * 2} 0 R`).join(' ');
  objects.push(`<< /Names [${pairs}] >>`);
  attachments.forEach((a, i) => {
    const stream = firstSpec + i * 2 + 1;
    objects.push(`<< /Type /Filespec /F (${a.name}) /UF (${a.name}) /EF << /F ${stream} 0 R >> >>`);
    objects.push(streamBody(`/Type /EmbeddedFile${a.filter ? ` /Filter /${a.filter}` : ''}`, a.stored));
  });
  return rawPdf(objects);
}

/** A name tree of `nodes` distinct leaf nodes under one root, each naming nothing. */
export function wideTreePdf(nodes: number): Uint8Array {
  const objects: Body[] = [
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
  ];
  const kids = Array.from({ length: nodes }, (_, i) => `${4 + i} 0 R`).join(' ');
  objects.push(`<< /Kids [${kids}] >>`);
  for (let i = 0; i < nodes; i++) objects.push('<< /Names [] >>');
  return rawPdf(objects);
}

/** A PDF of `count` tiny objects besides its catalog and pages (no cross-reference table: 22 bytes each). */
export function manyObjectsPdf(count: number): Uint8Array {
  const objects: Body[] = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  for (let i = 0; i < count; i++) objects.push('null');
  return rawPdf(objects, { xref: false });
}

/** A PDF with one object stream whose content inflates to `inflated` bytes (a deflate bomb in the structure). */
export function objectStreamBombPdf(inflated: number): Uint8Array {
  const content = new Uint8Array(inflated);
  content.set(new TextEncoder().encode('3 0 null '));
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    streamBody('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', new Uint8Array(deflateSync(content))),
  ]);
}
