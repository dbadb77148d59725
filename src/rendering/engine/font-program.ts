// What a document embeds for the codes it used of a face: the TrueType file with each glyph at its code, the
// W array and the ToUnicode CMap, kept per face for the next documents that use the same codes.
import type { FaceCodes, FontProgram } from './glyph-code-types';
import { PdfText, pdfNumber } from './pdf-text';
import { EMPTY_GLYPH } from './subset-cache';

/** Font files kept per face (each some kilobytes): the last documents' glyph sets. */
const PROGRAMS_PER_FACE = 24;

/** The font program of the codes marked in `used` (code 0 always), from the cache or built. */
export function programOf(face: FaceCodes, used: Uint8Array): FontProgram {
  const codes = [0];
  for (let code = 1; code < used.length; code++) if (used[code]) codes.push(code);
  const key = codes.join(',');
  const known = face.programs.get(key);
  if (known) {
    // Most recently used last: the first key is the one dropped when the cache is full.
    face.programs.delete(key);
    face.programs.set(key, known);
    return known;
  }
  const program = buildProgram(face, codes);
  if (face.programs.size >= PROGRAMS_PER_FACE) {
    const oldest = face.programs.keys().next().value;
    if (oldest !== undefined) face.programs.delete(oldest);
  }
  face.programs.set(key, program);
  return program;
}

export function fontFileOf(face: FaceCodes, program: FontProgram): Uint8Array {
  program.file ??= encodeFontFile(face, program.used);
  return program.file;
}

function buildProgram(face: FaceCodes, codes: number[]): FontProgram {
  return { toUnicode: toUnicodeCmap(face, codes), widths: widthRuns(face, codes), used: codes };
}

/** The TrueType subset of `codes`, each glyph at its code. */
function encodeFontFile(face: FaceCodes, codes: number[]): Uint8Array {
  const last = codes[codes.length - 1] ?? 0;
  const subset = face.font.createSubset();
  // Glyph index = code: the codes this document did not use are empty glyphs. Components of composite
  // glyphs that are not themselves used are appended after the last code by the subsetter, as pdfkit's are.
  const glyphs: number[] = new Array(last + 1).fill(EMPTY_GLYPH);
  const mapping: Record<number, number> = {};
  for (const code of codes) {
    const gid = face.gids[code] as number;
    glyphs[code] = gid;
    mapping[gid] = code;
  }
  subset.glyphs = glyphs;
  subset.mapping = mapping;
  return subset.encode();
}

function widthRuns(face: FaceCodes, codes: number[]): PdfText {
  const runs: string[] = [];
  let run: number[] = [];
  let next = -1;
  const flush = () => {
    if (run.length > 0) runs.push(`${next - run.length} [${run.map(pdfNumber).join(' ')}]`);
  };
  for (const code of codes) {
    if (code !== next) {
      flush();
      run = [];
    }
    run.push(face.widths[code] as number);
    next = code + 1;
  }
  flush();
  return new PdfText(`[${runs.join(' ')}]`);
}

const hex4 = (n: number) => `0000${n.toString(16)}`.slice(-4);

/** pdfkit's ToUnicode CMap, over runs of consecutive used codes (a range never crosses a 256 boundary). */
function toUnicodeCmap(face: FaceCodes, codes: number[]): string {
  const ranges: string[] = [];
  let start = -1;
  let entries: string[] = [];
  let previous = -2;
  const flush = () => {
    if (entries.length > 0) ranges.push(`<${hex4(start)}> <${hex4(previous)}> [${entries.join(' ')}]`);
    entries = [];
  };
  for (const code of codes) {
    if (code !== previous + 1 || code % 256 === 0) {
      flush();
      start = code;
    }
    entries.push(`<${unicodeHex(face.unicode[code] ?? [])}>`);
    previous = code;
  }
  flush();
  // At most 100 ranges a block (the CMap format's limit).
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const block = ranges.slice(i, i + 100);
    blocks.push(`${block.length} beginbfrange\n${block.join('\n')}\nendbfrange`);
  }
  return `\
/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${blocks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;
}

/** UTF-16BE hex of the code points, as pdfkit writes them (surrogate pairs beyond the BMP). */
function unicodeHex(codePoints: number[]): string {
  const encoded: string[] = [];
  for (let value of codePoints) {
    if (value > 0xffff) {
      value -= 0x10000;
      encoded.push(hex4(((value >>> 10) & 0x3ff) | 0xd800));
      value = 0xdc00 | (value & 0x3ff);
    }
    encoded.push(hex4(value));
  }
  return encoded.join(' ');
}
