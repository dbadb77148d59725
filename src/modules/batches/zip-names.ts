/**
 * Names of the PDFs inside a batch ZIP. `<external_id>.pdf`, or `<item_id>.pdf` without one. An external
 * id is the caller's text, so it is made a safe single file name: anything but letters, digits, `.`, `_`,
 * `-` and space becomes `_` (no `/`, `\`, `..` path, control character or drive letter survives), leading
 * dots are dropped, and it is cut to 150 characters. Names compare case-insensitively (the archive is
 * unpacked on Windows and macOS too); a later item whose name is taken gets `-2`, `-3`, ... in item order.
 */
export class ZipNames {
  private readonly used = new Set<string>();

  /** Reserves a name the caller's ids must not take (the combined PDF). */
  reserve(name: string): string {
    this.used.add(name.toLowerCase());
    return name;
  }

  name(externalId: string | null, itemId: string): string {
    const base = (externalId !== null && safeBase(externalId)) || itemId;
    let candidate = `${base}.pdf`;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}.pdf`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

function safeBase(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 150)
    .trimEnd();
}
