// The one way a text that came from outside (a mail server's reply, a provider's error, a buyer's reason)
// is cleaned of our own secrets before it is kept, shown or logged: SMTP_URL's password here, a channel
// connection's API keys and client secrets in src/modules/channels/scrub.ts. A server that echoes what it
// was sent (a proxy reflecting the Authorization header, "invalid token sk_live_…") would otherwise show
// the secret to every member of the account, and to the log.

/** What stands where a secret was. */
export const REDACTED = '***';

/** Shorter values are not looked for: they are no secret, and would blot out ordinary words. */
const MIN_SECRET_CHARS = 4;
/** The shortest base64 run looked for (shorter runs of a secret's base64 are common in any base64). */
const MIN_BASE64_CHARS = 8;

/**
 * Between two characters of a secret: nothing, or a line break (raw, or as JSON writes it) and the
 * indentation a folded line starts with, so a secret a server wrapped across lines is found too.
 */
const GAP = String.raw`(?:(?:\r\n?|\n|\\r\\n|\\n|\\r)[ \t]*)?`;

export type Redact = (text: string) => string;

/**
 * The text with every one of `secrets` replaced by `***`, in the forms a server may echo it in: as it is
 * (and trimmed), URL-encoded (a query or form body), JSON- and HTML-escaped, inside base64 (the Basic
 * header's `user:secret`, SMTP's AUTH PLAIN: whatever comes before it) and split across lines. One
 * regular expression, one pass over the text; the longest form is replaced where two overlap.
 */
export function redactorOf(secrets: Iterable<string>): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    for (const value of new Set([secret, secret.trim()])) {
      if (value.length < MIN_SECRET_CHARS) continue;
      forms.add(value);
      forms.add(encodeURIComponent(value));
      forms.add(new URLSearchParams({ v: value }).toString().slice(2));
      const json = JSON.stringify(value).slice(1, -1);
      forms.add(json);
      forms.add(json.replaceAll('/', '\\/'));
      forms.add(htmlEscaped(value));
      for (const run of base64Runs(value)) forms.add(run);
    }
  }
  if (forms.size === 0) return (text) => text;
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(tolerant)
      .join('|'),
    'g',
  );
  return (text) => (text === '' ? text : text.replace(pattern, REDACTED));
}

/**
 * The base64 characters that stand for `value` alone wherever it sits in the encoded bytes (at an offset
 * of 0, 1 or 2 bytes from a 3-byte group): the characters that mix in a neighbour's bits are left out, so
 * `base64("user:" + secret)` holds one of these runs whatever the user. Standard and URL alphabets.
 */
function base64Runs(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const runs: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const run = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (run.length < MIN_BASE64_CHARS) continue;
    runs.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return runs;
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const htmlEscaped = (value: string) => value.replace(/[&<>"']/g, (c) => HTML[c] ?? c);

/** A form as a pattern: its characters literal (a percent escape's hex in either case), a GAP between each. */
function tolerant(form: string): string {
  const units = form.match(/%[0-9A-Fa-f]{2}|[\s\S]/gu) ?? [];
  return units
    .map((unit) =>
      unit.length === 3 && unit.startsWith('%')
        ? `%[${unit[1]?.toUpperCase()}${unit[1]?.toLowerCase()}][${unit[2]?.toUpperCase()}${unit[2]?.toLowerCase()}]`
        : unit.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
    )
    .join(GAP);
}
