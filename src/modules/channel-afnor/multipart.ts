// createFlow's multipart/form-data body, written by hand: XP Z12-013 wants the `flowInfo` part to be a JSON
// document with its own Content-Type, which FormData cannot say for a field without turning it into a file.

const encoder = new TextEncoder();

export interface Part {
  name: string;
  contentType: string;
  bytes: Uint8Array;
  fileName?: string;
}

export function multipartBody(parts: readonly Part[]): { bytes: Uint8Array; contentType: string } {
  const boundary = `----afnor-${crypto.randomUUID()}`;
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const file = part.fileName === undefined ? '' : `; filename="${quoted(part.fileName)}"`;
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"${file}\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.bytes,
      encoder.encode('\r\n'),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A header parameter's text: no quotes, no line breaks (names here are ours and already plain ASCII). */
const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');
