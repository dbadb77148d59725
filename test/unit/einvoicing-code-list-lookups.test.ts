import { expect, test } from 'bun:test';
import { lookUpCodeLists } from '../../src/einvoicing/schematron/code-list-lookups';
import { transformText } from '../xslt-run';

const LISTS =
  `<xsl:variable name="ISO4217" select="tokenize('EUR USD CHF', '\\s')"/>` +
  `<xsl:variable name="UNCL" select="tokenize('30 58', '\\s')"/>`;
const sheet = (tests: string[], extra = '') =>
  '<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">' +
  LISTS +
  extra +
  '<xsl:template match="/"><out><xsl:for-each select="//a">' +
  tests.map((t, i) => `<xsl:if test="${t}"><hit n="${i}" v="{@c}{.}"/></xsl:if>`).join('') +
  '</xsl:for-each></out></xsl:template></xsl:stylesheet>';

const QUANTIFIED = [
  'not(some $code in $ISO4217 satisfies @c = $code)',
  'not(           some $code in $ISO4217\n             satisfies @c = $code)',
  '(some $code in $UNCL satisfies normalize-space(text()) = $code)',
];

test('a code looked up with some … satisfies X = $code becomes one general comparison, same answers', async () => {
  const original = sheet(QUANTIFIED);
  const rewritten = lookUpCodeLists(original);
  expect(rewritten).not.toContain('some $code');
  expect(rewritten).toContain('not((@c = $ISO4217))');
  expect(rewritten).toContain('((normalize-space(text()) = $UNCL))');
  const run = (xslt: string) =>
    transformText(xslt, '<r><a c="EUR"> 30 </a><a c="XYZ">58</a><a>31</a><a c=""/></r>');
  const result = await run(rewritten);
  expect(result).toBe(await run(original));
  expect(result.match(/<hit/g)?.length).toBe(8);
});

test('anything else in the satisfies clause, another operator or a list that is not a literal token list stays', () => {
  for (const t of [
    'not(some $code in $ISO4217 satisfies @c = $code and $code != "EUR")',
    'not(some $code in $ISO4217 satisfies @c != $code)',
    'not(some $code in $ISO4217 satisfies @c = $other)',
    'not(some $code in $ISO4217 satisfies string(@c) = $code)',
    'not(some $code in $computed satisfies @c = $code)',
  ]) {
    const original = sheet([t], '<xsl:variable name="computed" select="//a/@c"/>');
    expect(lookUpCodeLists(original)).toBe(original);
  }
  // A list declared twice (a local variable could shadow it) is not trusted either.
  const shadowed = sheet([QUANTIFIED[0] as string], '<xsl:param name="ISO4217" select="()"/>');
  expect(lookUpCodeLists(shadowed)).toBe(shadowed);
});
