export const FILENAME_MAX_CHARS = 255;
const FALLBACK_NAME = 'file';

/**
 * The client's filename as display metadata only: bytes are stored under the file id, so this name can
 * never choose a path. Still, directory parts and control characters are dropped so the name shown back
 * (and later perhaps offered as a download name) cannot smuggle a path or break a header.
 */
export function displayFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(base)
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
  // Counted in code points so a cut never splits a surrogate pair.
  const clipped = Array.from(printable).slice(0, FILENAME_MAX_CHARS).join('').trim();
  return clipped === '' || clipped === '.' || clipped === '..' ? FALLBACK_NAME : clipped;
}
