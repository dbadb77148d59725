/**
 * Number patterns: literal text plus tokens `{YYYY}`, `{YY}`, `{MM}` and exactly one counter `{N…}`
 * whose width is the zero-padding (`{NNNN}` -> 0042; wider numbers are never cut).
 */
const TOKEN = /\{(YYYY|YY|MM|N+)\}/g;

export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > 64) return 'pattern must be 1 to 64 characters';
  const counters = [...pattern.matchAll(TOKEN)].filter((m) => m[1]?.startsWith('N'));
  if (counters.length !== 1) return 'pattern needs exactly one counter token such as {NNNN}';
  const leftover = pattern.replace(TOKEN, '');
  if (/[{}]/.test(leftover)) return 'pattern may only use the tokens {YYYY}, {YY}, {MM} and {N…}';
  return null;
}

/** Renders a number for `counter` on `date` (YYYY-MM-DD, the document's issue date). */
export function renderNumber(prefix: string, pattern: string, counter: number, date: string): string {
  const body = pattern.replace(TOKEN, (_, token: string) => {
    if (token === 'YYYY') return date.slice(0, 4);
    if (token === 'YY') return date.slice(2, 4);
    if (token === 'MM') return date.slice(5, 7);
    return String(counter).padStart(token.length, '0');
  });
  return `${prefix}${body}`;
}

/**
 * The numbers a sequence gives documents dated in `date`'s year: what they all begin with (for a LIKE),
 * and the counter of one of them (null for a number of another year or shape). `{MM}` is any month.
 */
export function numbersOfYear(
  prefix: string,
  pattern: string,
  date: string,
): { begins: string; counterOf(number: string): number | null } {
  const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let begins = prefix;
  let open = true;
  let source = literally(prefix);
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    const literal = pattern.slice(last, match.index);
    last = match.index + match[0].length;
    const token = match[1] as string;
    const fixed = token === 'YYYY' ? date.slice(0, 4) : token === 'YY' ? date.slice(2, 4) : null;
    source += literally(literal) + (fixed ?? (token === 'MM' ? '[0-9]{2}' : '([0-9]+)'));
    if (open) begins += literal + (fixed ?? '');
    if (fixed === null) open = false;
  }
  source += literally(pattern.slice(last));
  if (open) begins += pattern.slice(last);
  const whole = new RegExp(`^${source}$`);
  return {
    begins,
    counterOf(number) {
      const counter = whole.exec(number)?.[1];
      return counter === undefined ? null : Number(counter);
    },
  };
}

/**
 * Whether deleting the draft numbered `number` (dated `issueDate`) can give its number back to `sequence`:
 * the counter's last number is that very number (nothing later was taken since, the pattern and prefix are
 * unchanged) and, for a yearly sequence, the counter is still in that year. A draft dated in a year before
 * a yearly counter's (back-dated) is not the counter's: null (its year's highest number decides).
 */
export function counterGivesBack(
  sequence: { prefix: string; pattern: string; reset: string; nextNumber: number; period: string | null },
  number: string,
  issueDate: string,
): boolean | null {
  const year = issueDate.slice(0, 4);
  if (sequence.reset === 'yearly' && sequence.period !== null && year < sequence.period) return null;
  if (sequence.reset === 'yearly' && sequence.period !== year) return false;
  if (sequence.nextNumber < 2) return false;
  return renderNumber(sequence.prefix, sequence.pattern, sequence.nextNumber - 1, issueDate) === number;
}
