// Generators of hostile input for the HTTP fuzz test: strings that break naive code (lone surrogates, NUL,
// RTL marks, emoji, path tricks, markup), values of the wrong type, and bodies shaped like an endpoint's
// JSON schema but mutated (fields missing, extra, of the wrong type, numbers as strings and the reverse).
import fc from 'fast-check';

/** Strings chosen by hand because each has broken some parser or escaper somewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  '\u200F\u200E\u2066',
  '👩‍👩‍👧‍👦🇩🇪',
  '\uFEFF',
  '\uFFFF',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '-1',
  '1.5',
  '00001',
  '2026-02-30',
  '2026-11-02T25:61:00Z',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  ']]><x>&amp;&#0;',
  "'; DROP TABLE documents; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\r\nX-Injected: 1',
  'ä'.repeat(300),
  'x'.repeat(70_000),
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** A string a URL can carry: path params and query values are sent percent-encoded. */
export const nastySegment = fc.oneof(nastyString, fc.constantFrom('..', '.', '%', '%00', '?', '#', ';'));

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, hostile at the leaves. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** JSON nested far deeper than any schema allows: arrays or objects `depth` levels down. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

type Schema = Record<string, any>;

/**
 * A value shaped by `schema` where every level may be mutated: a wrong-typed value, a number sent as a
 * string (or a numeric string as a number), a required field dropped, an extra field added. With no
 * mutation it is close to valid, so deeper code paths than the schema check are reached too.
 */
export function shapedBy(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyJson;
  const valid = validShape(schema, depth);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 1, arbitrary: nastyJson },
    { weight: 1, arbitrary: valid.map(swapNumberAndString) },
  );
}

function swapNumberAndString(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function validShape(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const alternatives: Schema[] = schema.anyOf ?? schema.oneOf ?? [];
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((alt) => shapedBy(alt, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return nastyJson;
  return fc.oneof(...types.map((type) => ofType(type, schema, depth)));
}

function ofType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(fc.integer({ min: 0, max: 100 }), nastyNumber);
    case 'number':
      return nastyNumber;
    case 'string':
      return fc.oneof(plausibleString(schema), nastyString);
    case 'array':
      return fc.array(shapedBy(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectShaped(schema, depth);
    default:
      return nastyJson;
  }
}

/** Strings a schema would accept for the common formats, so validation passes and the use-case runs. */
function plausibleString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date') return fc.constantFrom('2026-11-02', '2026-01-31', '1900-01-01');
  if (schema.format === 'date-time') return fc.constant('2026-11-02T10:00:00Z');
  if (schema.format === 'email') return fc.constant('a@example.com');
  if (typeof schema.pattern === 'string' && /\[A-Z\]\{2\}/.test(schema.pattern)) {
    return fc.constantFrom('DE', 'FR', 'ZZ');
  }
  if (typeof schema.pattern === 'string' && /\[A-Z\]\{3\}/.test(schema.pattern)) {
    return fc.constantFrom('EUR', 'USD', 'XXX');
  }
  if (typeof schema.pattern === 'string' && /\\d|\[0-9\]/.test(schema.pattern)) {
    return fc.constantFrom('1', '10.00', '19', '0.5', '-3');
  }
  return fc.string({ minLength: 1, maxLength: 12 });
}

function objectShaped(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, sub]) => [name, shapedBy(sub, depth + 1)] as const),
  );
  const requiredKeys = Object.keys(fields).filter((name) => required.has(name));
  const base =
    Object.keys(fields).length === 0
      ? fc.dictionary(nastyString, nastyJson, { maxKeys: 3 })
      : fc.record(fields, { requiredKeys });
  return fc
    .tuple(
      base,
      fc.option(fc.constantFrom(...(requiredKeys.length ? requiredKeys : ['none']))),
      fc.option(fc.tuple(nastyString, nastyJson)),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop) delete out[drop];
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}
