// Issue 37 section 3: saxon-js answers XPath as Java Saxon (the official validators' processor) does:
// regular expressions with XPath's \s, \S and ., decimal division with Saxon-HE's scale and HALF_DOWN,
// casts that take only XML whitespace around a value; and a DOCTYPE is refused before any parser runs.
import { describe, expect, test } from 'bun:test';
import { parseEInvoice } from '../../src/einvoicing/receive';
import { loadSaxon } from '../../src/einvoicing/schematron/saxon';
import { javaDecimalOf, javaDecimalQuotient } from '../../src/einvoicing/schematron/xpath-decimal';
import { xpathRegexSource } from '../../src/einvoicing/schematron/xpath-regex';
import { assertNoDtd, XmlInputError, type XmlInputProblem } from '../../src/einvoicing/xsd/xml-input';

const saxon = await loadSaxon();

/** An XPath expression's value as saxon-js gives it to JavaScript, or the error code it raises. */
function evaluate(xpath: string): unknown {
  try {
    return saxon.XPath.evaluate(xpath, null);
  } catch (error) {
    return `error ${(error as { code?: string }).code}`;
  }
}

/** Characters JavaScript's \s matches and XPath's does not. */
const NOT_XML_SPACE = [
  '\u00A0',
  '\u1680',
  '\u2000',
  '\u2005',
  '\u200A',
  '\u2028',
  '\u2029',
  '\u202F',
  '\u205F',
  '\u3000',
  '\uFEFF',
];
const hex = (ch: string) => `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
/** An XPath string literal holding `text` (the characters themselves: XPath has no escapes for them). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

describe('regular expressions are XPath regular expressions', () => {
  test.each(NOT_XML_SPACE.map((ch) => [hex(ch), ch]))('\\s does not match %s, \\S does', (_name, ch) => {
    expect(evaluate(`matches(${literal(ch)}, '^\\s$')`)).toBe(false);
    expect(evaluate(`matches(${literal(ch)}, '^\\S$')`)).toBe(true);
    expect(evaluate(`matches(${literal(ch)}, '^[\\s]$')`)).toBe(false);
    expect(evaluate(`matches(${literal(ch)}, '^[^\\s]$')`)).toBe(true);
    expect(evaluate(`matches(${literal(ch)}, '^[\\S]$')`)).toBe(true);
    expect(evaluate(`matches(${literal(ch)}, '^[^\\S]$')`)).toBe(false);
  });

  test.each([' ', '\t', '\n', '\r'].map((ch) => [JSON.stringify(ch), ch]))(
    '\\s matches XML whitespace %s, \\S does not',
    (_name, ch) => {
      expect(evaluate(`matches(${literal(ch)}, '^\\s$')`)).toBe(true);
      expect(evaluate(`matches(${literal(ch)}, '^[\\s]$')`)).toBe(true);
      expect(evaluate(`matches(${literal(ch)}, '^\\S$')`)).toBe(false);
      expect(evaluate(`matches(${literal(ch)}, '^[\\S]$')`)).toBe(false);
    },
  );

  test('. matches every character but \\n and \\r (U+2028 and U+2029 too); with s, those as well', () => {
    for (const ch of ['\u2028', '\u2029', '\u0085', '\u00A0', 'a', '\u{1F600}']) {
      expect(evaluate(`matches(${literal(`a${ch}b`)}, '^a.b$')`)).toBe(true);
    }
    expect(evaluate(`matches(${literal('a\nb')}, '^a.b$')`)).toBe(false);
    expect(evaluate(`matches(${literal('a\rb')}, '^a.b$')`)).toBe(false);
    expect(evaluate(`matches(${literal('a\nb')}, '^a.b$', 's')`)).toBe(true);
    expect(evaluate(`matches('a.b', '^a[.]b$')`)).toBe(true);
    expect(evaluate(`matches('axb', '^a\\.b$')`)).toBe(false);
  });

  test('the class escapes saxon-js spells out keep their XPath meaning (\\d, \\w, \\i, \\c)', () => {
    expect(evaluate(`matches('\u0663\u0967', '^\\d+$')`)).toBe(true); // Arabic-Indic and Devanagari digits
    expect(evaluate(`matches('$+', '^\\w+$')`)).toBe(true); // symbols are word characters in XPath
    expect(evaluate(`matches('!', '^\\w$')`)).toBe(false);
    expect(evaluate(`matches(${literal('\u00A0')}, '^\\W$')`)).toBe(true);
    expect(evaluate(`matches('_a', '^\\i\\c*$')`)).toBe(true);
    expect(evaluate(`matches('1a', '^\\i')`)).toBe(false);
  });

  test('in multi-line mode lines end at \\n only', () => {
    expect(evaluate(`matches(${literal('a\nb')}, '^b$', 'm')`)).toBe(true);
    expect(evaluate(`matches(${literal('a\u2028b')}, '^b', 'm')`)).toBe(false);
    expect(evaluate(`matches(${literal('a\rb')}, 'a$', 'm')`)).toBe(false);
    expect(evaluate(`matches(${literal('a\u2028b')}, '^b')`)).toBe(false);
  });

  test('replace(), tokenize() and xsl:analyze-string use them too', () => {
    expect(evaluate(`replace(${literal('DE79\u00A00000 0000')}, '([ \\n\\r\\t\\s])', '')`)).toBe(
      'DE79\u00A000000000',
    );
    expect(evaluate(`tokenize(${literal('a\u00A0b c')}, '\\s')`)).toEqual(['a\u00A0b', 'c']);
    expect(evaluate(`string-join(analyze-string(${literal('a\u2028b')}, '.')//*:match, '|')`)).toBe(
      'a|\u2028|b',
    );
  });

  test('a CII date with U+00A0 after it is no YYYYMMDD (CII-DT-097), with spaces it is', () => {
    const dt097 = "'^\\s*(\\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\\s*$'";
    expect(evaluate(`matches(${literal('20260302\u00A0')}, ${dt097})`)).toBe(false);
    expect(evaluate(`matches(' 20260302\n', ${dt097})`)).toBe(true);
  });

  test('the source rewrite: escapes copied in pairs, classes and flags respected', () => {
    expect(xpathRegexSource('\\\\s.', true, false)).toBe('\\\\s[^\\n\\r]');
    expect(xpathRegexSource('[.\\s^$]', true, true)).toBe('[.\\t\\n\\r ^$]');
    expect(xpathRegexSource('[^\\S]', false, false)).toBe(
      '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u0021-\\uFFFF]',
    );
    expect(xpathRegexSource('^a$', true, true)).toBe('(?<![^\\n])a(?![^\\n])');
    expect(xpathRegexSource('^a$', true, false)).toBe('^a$');
    expect(xpathRegexSource('\\u00A0\\.', true, false)).toBe('\\u00A0\\.');
  });
});

describe('xs:decimal division is Saxon-HE (Java) division', () => {
  test.each([
    // [expression, Java Saxon's answer]
    ['10 div 7', '1.428571428571428571'],
    ["xs:decimal('10') div xs:decimal('7') * 7", '9.999999999999999997'],
    ['2 div 3', '0.666666666666666667'],
    ['-2 div 3', '-0.666666666666666667'],
    // a tie at the 19th place goes toward zero (HALF_DOWN): 2^-19 = 0.0000019073486328125
    ['1 div 524288', '0.000001907348632812'],
    ['-1 div 524288', '-0.000001907348632812'],
    ['1.0000000000000000005 div 1', '1.0000000000000000005'],
    // the dividend's places beyond 18 are kept: max(18, 3 - 0 + 18) = 21
    ['10.123 div 7', '1.446142857142857142857'],
    // xs:integer operands have scale 0: 18 places
    ['7 div 30', '0.233333333333333333'],
    // an xs:decimal 30.0 is 3E+1 in Java (scale -1): 19 places
    ['10 div 30.0', '0.3333333333333333333'],
    ['6 div 3', '2'],
    ['1 div 8', '0.125'],
    ['0 div 7', '0'],
    ['7 idiv 2', '3'],
    ['avg((1, 2, 2))', '1.666666666666666667'],
  ])('%s = %s', (expression, java) => {
    expect(evaluate(`string(${expression})`)).toBe(java);
  });

  test('division by zero is still FOAR0001', () => {
    expect(evaluate('1 div 0')).toBe('error FOAR0001');
    expect(evaluate('1.5 div 0.0')).toBe('error FOAR0001');
  });

  test("R120's comparison, line net 10.02 and 9.98 for 7 at 10 per 7, with tolerance 0.02", () => {
    const exp = '(7 * (10 div 7))';
    const slack = (val: string) =>
      evaluate(`xs:decimal(${exp} + 0.02) >= ${val} and xs:decimal(${exp} - 0.02) <= ${val}`);
    expect(slack('10.02')).toBe(false);
    expect(slack('9.98')).toBe(true);
  });

  test('the arithmetic itself, on Java BigDecimal scales', () => {
    const d = (text: string, integer = false) =>
      javaDecimalOf(text, integer) as NonNullable<ReturnType<typeof javaDecimalOf>>;
    expect(d('100')).toMatchObject({ unscaled: 100n, places: 0, scale: -2 });
    expect(d('100', true)).toMatchObject({ scale: 0 });
    expect(d('-10.50')).toMatchObject({ negative: true, unscaled: 105n, places: 1, scale: 1 });
    expect(d('0')).toMatchObject({ negative: false, scale: 0 });
    expect(javaDecimalQuotient(d('1'), d('0'))).toBeNull();
    expect(javaDecimalQuotient(d('-1', true), d('-3', true))).toBe('0.333333333333333333');
    expect(javaDecimalQuotient(d('1', true), d('100'))).toBe('0.01000000000000000000');
  });
});

describe('casts take XML whitespace around a value, no other', () => {
  const SAMPLES: [type: string, value: string][] = [
    ['integer', '12'],
    ['int', '12'],
    ['decimal', '1.5'],
    ['double', '1.5'],
    ['date', '2026-03-02'],
    ['dateTime', '2026-03-02T10:00:00'],
    ['boolean', 'true'],
    ['gYear', '2026'],
    ['dayTimeDuration', 'PT1H'],
  ];

  test.each(NOT_XML_SPACE.map((ch) => [hex(ch), ch]))('%s after a value is FORG0001', (_name, ch) => {
    for (const [type, value] of SAMPLES) {
      expect(evaluate(`xs:${type}(${literal(value + ch)})`)).toBe('error FORG0001');
      expect(evaluate(`${literal(value + ch)} castable as xs:${type}`)).toBe(false);
      expect(evaluate(`${literal(` ${value}\n`)} castable as xs:${type}`)).toBe(true);
    }
  });

  test('spaces, tabs and newlines around a value are taken', () => {
    expect(evaluate("xs:integer(' 12\n')")).toBe(12);
    expect(evaluate("string(xs:date('\t2026-03-02 '))")).toBe('2026-03-02');
    expect(evaluate("' 12 ' castable as xs:int")).toBe(true);
  });
});

describe('a DOCTYPE is refused before any parser runs', () => {
  const invoice = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>';
  const code = (xml: string) => {
    try {
      assertNoDtd(xml);
      return null;
    } catch (error) {
      if (error instanceof XmlInputError) return error.code;
      throw error;
    }
  };

  test.each<[string, string, XmlInputProblem]>([
    ['a bare DOCTYPE', `<?xml version="1.0"?><!DOCTYPE Invoice>${invoice}`, 'doctype_not_allowed'],
    [
      'an internal subset with an attribute default',
      `<!DOCTYPE Invoice [<!ATTLIST cbc:EndpointID schemeID CDATA "0007">]>${invoice}`,
      'doctype_not_allowed',
    ],
    [
      'after comments and instructions',
      `<!-- x --><?pi y?>\n<!DOCTYPE Invoice>${invoice}`,
      'doctype_not_allowed',
    ],
    ['written in lower case', `<!doctype Invoice>${invoice}`, 'doctype_not_allowed'],
    ['an external DTD', `<!DOCTYPE Invoice SYSTEM "invoice.dtd">${invoice}`, 'external_dtd_not_allowed'],
    ['entities', `<!DOCTYPE Invoice [<!ENTITY a "b">]>${invoice}`, 'entities_not_allowed'],
  ])('%s', (_name, xml, expected) => {
    expect(code(xml)).toBe(expected);
  });

  test('the message names the DOCTYPE', () => {
    expect(() => assertNoDtd(`<!DOCTYPE Invoice [<!ATTLIST a b CDATA "c">]>${invoice}`)).toThrow(
      /DOCTYPE declaration with an internal subset is not accepted/,
    );
  });

  test('a DOCTYPE mentioned in a comment or in CDATA is none', () => {
    expect(code(`<!-- <!DOCTYPE x> -->${invoice}`)).toBeNull();
    expect(code(`<a><![CDATA[<!DOCTYPE html>]]></a>`)).toBeNull();
  });

  test('receiving refuses it too: the file is read as sent or not at all', () => {
    expect(() => parseEInvoice(`<!DOCTYPE Invoice>${invoice}`)).toThrow(XmlInputError);
  });
});
