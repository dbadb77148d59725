// Text as DATEV takes it: quoted fields, Windows-1252 bytes (with what it cannot hold transliterated, not
// turned into `?`), and Belegfeld 1 in DATEV's own character set (docs/exports.md, "Format note").

// Windows-1252 differs from Latin-1 only in 0x80-0x9F.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const HIGH_CODES = new Map(Array.from(CP1252_HIGH).map((ch, i) => [ch, 0x80 + i]));

/** The Windows-1252 byte of one character, or undefined when the code page has none for it. */
function cp1252Byte(ch: string): number | undefined {
  const high = HIGH_CODES.get(ch);
  if (high !== undefined) return high;
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : undefined;
}

/**
 * Letters whose Unicode form has no accent to strip (the stroke of Ł, Đ is part of the letter), each one
 * letter for one, so a field cut to DATEV's length stays within it. Ø, Æ, Œ, ß are in Windows-1252 and stay.
 */
const LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  ı: 'i',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  ſ: 's',
  Ŋ: 'N',
  ŋ: 'n',
  Ɖ: 'D',
  ɖ: 'd',
};

const COMBINING = /\p{M}/gu;

/**
 * A character Windows-1252 lacks as the nearest one it has: "Łódź" -> "Lodz" (ó is in the code page and
 * stays), "Ș" -> "S". The table first, then the letter without its accents (Unicode NFD, combining marks
 * dropped); `?` when neither gives a character of the code page (an emoji, a CJK letter).
 */
export function transliterate(value: string): string {
  let out = '';
  for (const ch of value) {
    if (cp1252Byte(ch) !== undefined) {
      out += ch;
      continue;
    }
    const plain = LETTERS[ch] ?? ch.normalize('NFD').replace(COMBINING, '');
    out += plain !== '' && Array.from(plain).every((c) => cp1252Byte(c) !== undefined) ? plain : '?';
  }
  return out;
}

/** The text as Windows-1252 bytes (what DATEV imports by default), transliterated where it must be. */
export function encodeCp1252(value: string): Uint8Array {
  const clean = transliterate(value);
  const out = new Uint8Array(clean.length);
  let n = 0;
  for (const ch of clean) out[n++] = cp1252Byte(ch) ?? 0x3f;
  return out.subarray(0, n);
}

/**
 * A text field: quoted, inner quotes doubled, cut to `max`. Control characters (C0, DEL, C1, which are no
 * characters in Windows-1252, and the line and paragraph separators) become spaces; a text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@` first: supplier names come from received e-invoices, which
 * outsiders write) gets a leading `'`.
 */
export function text(value: string | null | undefined, max?: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  let clean = (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  if (/^[=+\-@]/.test(clean)) clean = `'${clean}`;
  if (max !== undefined) clean = Array.from(clean).slice(0, max).join('');
  return `"${clean.replaceAll('"', '""')}"`;
}

/**
 * Belegfeld 1: at most 36 of DATEV's characters, letters, digits and `$ & % * + - /`. The same number
 * always maps to the same text: letters lose their accents ("ä" -> "a", "Ł" -> "L"), every other character
 * (`.`, `_`, a space, `#`) becomes `-`, so `PW.2026.88172` is `PW-2026-88172`. Never a sign first: a
 * spreadsheet opening the file would run `-1+3` (from `=1+3`) as a formula, and an apostrophe is not in
 * DATEV's set; `$` is, and starts no formula. The number as stated stays in Beleginfo (docs/exports.md).
 */
export function belegfeld(number: string): string {
  const letters = Array.from(number, (ch) => LETTERS[ch] ?? ch.normalize('NFD').replace(COMBINING, '')).join(
    '',
  );
  const mapped = letters.replace(/[^A-Za-z0-9$&%*+\-/]/g, '-');
  return Array.from(mapped.replace(/^[+-]/, '$')).slice(0, 36).join('');
}
