// The one way a text that came from outside (a mail server's reply, a provider's error, a buyer's reason)
// is cleaned of our own secrets before it is kept, shown or logged: SMTP_URL's password here, a channel
// connection's API keys and client secrets in src/modules/channels/scrub.ts. A server that echoes what it
// was sent (a proxy reflecting the Authorization header, "invalid token sk_live_…") would otherwise show
// the secret to every member of the account, and to the log.

/** What stands where a secret was. */
export const REDACTED = '***';

/**
 * Shorter values are not looked for (a channel's setting of a few characters is no secret, and would blot
 * out ordinary words), unless `short` asks for them as they are.
 */
const MIN_SECRET_CHARS = 4;
/** The shortest base64 run looked for (shorter runs of a secret's base64 are common in any base64). */
const MIN_BASE64_CHARS = 8;

/**
 * Between two characters of a secret: nothing, or a line break (raw, or as JSON writes it) and the
 * indentation a folded line starts with, so a secret a server wrapped across lines is found too.
 */
const BREAK = String.raw`(?:\r\n?|\n|\\r\\n|\\n|\\r)`;
const GAP = `(?:${BREAK}[ \\t]*)?`;
/**
 * Before a space or tab of the secret: a line break only, the character itself is the fold's indentation
 * (`a b` folded as `a\r\n b`). A GAP's `[ \t]*` there, before each of a run of blanks, could split the
 * blanks of a text between the gaps and the secret's own in exponentially many ways: a secret of 40 spaces
 * and an answer of `\n  ` repeated held the event loop for seconds per character (security round 6).
 */
const BREAK_ONLY = `${BREAK}?`;

export type Redact = (text: string) => string;

/**
 * The text with every one of `secrets` replaced by `***`, in the forms a server may echo it in: as it is
 * (and trimmed), URL-encoded (a query or form body), JSON- (its non-ASCII as `\u00e4` too) and HTML-escaped, inside base64 (the Basic
 * header's `user:secret`, SMTP's AUTH PLAIN: whatever comes before it) and split across lines. One
 * regular expression, one pass over the text; the longest form is replaced where two overlap.
 */
export function redactorOf(secrets: Iterable<string>, options: { short?: boolean } = {}): Redact {
  const forms = new Set<string>();
  const shortForms = new Set<string>();
  for (const secret of secrets) {
    for (const value of new Set([secret, secret.trim()])) {
      if (value.length === 0) continue;
      if (value.length < MIN_SECRET_CHARS) {
        // A mail server's password of a few characters is still one (SMTP_URL, IMAP_URL): found as it
        // is, standing alone (a password `e` must not blot out every "e" of a reply, and show itself so).
        if (options.short) shortForms.add(value);
        continue;
      }
      forms.add(value);
      forms.add(encodeURIComponent(value));
      forms.add(new URLSearchParams({ v: value }).toString().slice(2));
      const json = JSON.stringify(value).slice(1, -1);
      forms.add(json);
      forms.add(json.replaceAll('/', '\\/'));
      // JSON written in ASCII (Python's json.dumps, many a provider's default): `\u00e4` for `ä`.
      const ascii = json.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      forms.add(ascii);
      forms.add(ascii.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`));
      forms.add(htmlEscaped(value));
      for (const run of base64Runs(value)) forms.add(run);
    }
  }
  if (forms.size === 0 && shortForms.size === 0) return (text) => text;
  const pattern = new RegExp(
    [
      ...[...forms].sort((a, b) => b.length - a.length).map(tolerant),
      ...[...shortForms].map((form) => `(?<![A-Za-z0-9])${literal(form)}(?![A-Za-z0-9])`),
    ].join('|'),
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

/**
 * A form as a pattern: its characters literal (a percent escape's hex in either case), a GAP between each
 * (BREAK_ONLY before a blank; none inside a backslash escape nor before a backslash, where a JSON-escaped
 * line break of the text could be read as the gap or as the secret's own in two ways at each).
 */
function tolerant(form: string): string {
  const units = form.match(/%[0-9A-Fa-f]{2}|[\s\S]/gu) ?? [];
  let pattern = '';
  units.forEach((unit, index) => {
    if (index > 0) {
      const before = units[index - 1];
      if (unit === ' ' || unit === '\t') pattern += BREAK_ONLY;
      else if (before !== '\\' && unit !== '\\' && unit !== '\r' && unit !== '\n') pattern += GAP;
    }
    pattern +=
      unit.length === 3 && unit.startsWith('%')
        ? `%[${unit[1]?.toUpperCase()}${unit[1]?.toLowerCase()}][${unit[2]?.toUpperCase()}${unit[2]?.toLowerCase()}]`
        : literal(unit);
  });
  return pattern;
}

/** A text as a pattern that matches it alone, character by character. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
