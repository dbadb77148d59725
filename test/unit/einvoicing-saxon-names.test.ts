// The name caches saxon.ts puts into saxon-js (an element's QName, the NCName check): same answers as
// saxon-js's own, reused only while the element's name is the one it was built from.
import { expect, test } from 'bun:test';
import { loadSaxon } from '../../src/einvoicing/schematron/saxon';

interface Name {
  prefix: string;
  q: string;
  local: string;
}

test("an element's QName is reused while its name is unchanged, and rebuilt when it changes", async () => {
  const saxon = (await loadSaxon()) as unknown as {
    getPlatform(): { parseXmlFromString(xml: string): { documentElement: Record<string, unknown> } };
    internals: { DomUtils: { X(node: unknown): Name }; Regex: { isNCName(name: string): boolean } };
  };
  const element = saxon.getPlatform().parseXmlFromString('<a:x xmlns:a="urn:a"><a:y/></a:x>').documentElement;
  const nameOf = saxon.internals.DomUtils.X;
  const first = nameOf(element);
  expect({ prefix: first.prefix, q: first.q, local: first.local }).toEqual({
    prefix: 'a',
    q: 'urn:a',
    local: 'x',
  });
  expect(nameOf(element)).toBe(first);
  element.localName = 'z';
  expect(nameOf(element).local).toBe('z');
  expect(nameOf(element)).not.toBe(first);
  const { isNCName } = saxon.internals.Regex;
  expect([isNCName('Name-1'), isNCName('a:b'), isNCName('1x'), isNCName('é')]).toEqual([
    true,
    false,
    false,
    true,
  ]);
});

test('string comparisons give the code-point order with and without characters beyond U+FFFF', async () => {
  const saxon = await loadSaxon();
  const xpath = (expression: string) => saxon.XPath.evaluate(expression, null);
  expect(xpath("'abc' = 'abc'")).toBe(true);
  expect(xpath("'abc' = 'abd'")).toBe(false);
  expect(xpath("'abc' lt 'abd' and 'b' gt 'abc' and compare('x', 'x') = 0")).toBe(true);
  // U+FFFD is below U+1F600 by code point, above it by UTF-16 code unit: saxon-js's own comparison decides.
  expect(xpath("'\uFFFD' lt '\u{1F600}' and compare('\u{1F600}', '\uFFFD') = 1")).toBe(true);
  expect(xpath("distinct-values(('S', 'Z', 'S', '\u{1F600}', '\u{1F600}'))")).toEqual([
    'S',
    'Z',
    '\u{1F600}',
  ]);
});
