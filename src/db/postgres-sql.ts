/**
 * The SQL drizzle's SQLite dialect writes, as PostgreSQL reads it. The differences that matter for the
 * service's queries are lexical, so one pass over the text outside quotes does it:
 * - `?` placeholders become `$1`, `$2`, ...;
 * - `like` becomes `ilike`: SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not;
 * - an `on conflict ("table"."column")` target loses its table names, which PostgreSQL does not take there;
 * - the comment `/* for update *\/` becomes `for update`: a row lock PostgreSQL takes without writing the row
 *   (so a serializable transaction that writes the row after the lock's holder committed does not fail),
 *   where SQLite, whose transactions hold its one write lock anyway, reads a comment (`FOR_UPDATE`).
 * Everything else the service writes (double-quoted identifiers, `returning`, `on conflict`, `limit`/`offset`,
 * savepoints) is the same in both. Results are cached by text: the service has a few hundred distinct ones.
 */
export function toPostgresSql(sqlite: string): string {
  let cached = cache.get(sqlite);
  if (cached === undefined) {
    cached = translate(sqlite)
      .replace(
        /on conflict \(([^)]*)\)/g,
        (_, target: string) => `on conflict (${target.replace(/"[^"]+"\./g, '')})`,
      )
      .replaceAll(FOR_UPDATE, 'for update');
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(sqlite, cached);
  }
  return cached;
}

/** Appended to a SELECT: `FOR UPDATE` on PostgreSQL, a comment on SQLite (see toPostgresSql). */
export const FOR_UPDATE = '/* for update */';

const CACHE_SIZE = 2000;
const cache = new Map<string, string>();

function translate(text: string): string {
  let out = '';
  let index = 0;
  let placeholder = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === "'" || char === '"') {
      const end = closingQuote(text, index, char);
      out += text.slice(index, end);
      index = end;
    } else if (char === '?') {
      placeholder += 1;
      out += `$${placeholder}`;
      index += 1;
    } else if (/[a-z_]/i.test(char) && (index === 0 || !/[\w$]/.test(text[index - 1] as string))) {
      const word = /^[a-z_][\w$]*/i.exec(text.slice(index))?.[0] ?? char;
      out += word.toLowerCase() === 'like' ? 'ilike' : word;
      index += word.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The index after the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closingQuote(text: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] === quote) index += 2;
      else return index + 1;
    } else index += 1;
  }
  return text.length;
}
