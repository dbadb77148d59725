import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT_INDEX_DECLARATION } from '../../src/einvoicing/schematron/hoist-descendant-scans';
import { hoistRootChildren, rewriteExpression } from '../../src/einvoicing/schematron/hoist-root-children';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const sheet = (body: string) =>
  `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">${body}</xsl:stylesheet>`;
const read = (variable: string, text: string) =>
  `(if (. is $hoisted-root-element) then $${variable} else ${text})`;
const child = (name: string) => read(`hoisted-child-${name.replace(':', '-')}`, name);
const hoisted = () => ({ selects: new Map<string, string>(), paths: new Map<string, string>() });
const count = (...names: string[]) =>
  names.map((n) => `count($hoisted-elements-by-name('${n.split(':')[1]}'))`).join(' + ');
const named = (n: string) => `$hoisted-elements-by-name('${n.split(':')[1]}')[self::${n}]`;
/** A path variable's select: up from the index when it has no more candidates than parents, else down. */
const either = (last: string[], rivals: string, up: string, down: string) =>
  `if (${count(...last)} le ${rivals}) then ${up} else ${down}`;
const rootChildren = '$hoisted-root-element-children';
/** An XPath without its predicates' contents (another focus). */
const withoutPredicates = (xpath: string): string => {
  let out = xpath;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/\[[^[\]]*\]/g, '');
  }
  return out;
};

describe('hoistRootChildren (saxon-js speed rewrite)', () => {
  test('paths from a rule on the invoice read one variable each when the context is the root', () => {
    const out = hoistRootChildren(
      sheet(
        '<xsl:template match="/ubl:Invoice | /cn:CreditNote" mode="M1">' +
          '<xsl:variable name="v" select="count(cac:PaymentMeans)"/>' +
          `<xsl:choose><xsl:when test="not((cac:InvoiceLine|cac:CreditNoteLine)/cac:Item/cbc:Name) and cbc:Note[1] = 'x'"/></xsl:choose>` +
          '</xsl:template>',
      ),
    );
    expect(out).toContain('<xsl:variable name="hoisted-root-element" select="/*"/>');
    expect(out).toContain(
      `<xsl:variable name="${rootChildren.slice(1)}" select="count($hoisted-root-element/*)"/>`,
    );
    // The index of every element by local name, declared once.
    expect(out.split(ELEMENT_INDEX_DECLARATION).length).toBe(2);
    const variable = (name: string, select: string) => `<xsl:variable name="${name}" select="${select}"/>`;
    expect(out).toContain(
      variable(
        'hoisted-child-cac-PaymentMeans',
        either(
          ['cac:PaymentMeans'],
          rootChildren,
          `${named('cac:PaymentMeans')}[.. is $hoisted-root-element]`,
          '$hoisted-root-element/cac:PaymentMeans',
        ),
      ),
    );
    // Each prefix of the path is a variable of its own, read by the next step down.
    expect(out).toContain(
      variable(
        'hoisted-path-2',
        either(
          ['cac:InvoiceLine', 'cac:CreditNoteLine'],
          rootChildren,
          `(${named('cac:InvoiceLine')} | ${named('cac:CreditNoteLine')})[.. is $hoisted-root-element]`,
          '$hoisted-root-element/(cac:InvoiceLine|cac:CreditNoteLine)',
        ),
      ),
    );
    const lines = 'parent::*[self::cac:InvoiceLine or self::cac:CreditNoteLine][.. is $hoisted-root-element]';
    expect(out).toContain(
      variable(
        'hoisted-path-3',
        either(
          ['cac:Item'],
          count('cac:InvoiceLine', 'cac:CreditNoteLine'),
          `${named('cac:Item')}[${lines}]`,
          '$hoisted-path-2/cac:Item',
        ),
      ),
    );
    expect(out).toContain(
      variable(
        'hoisted-path-4',
        either(
          ['cbc:Name'],
          count('cac:Item'),
          `${named('cbc:Name')}[parent::cac:Item[${lines}]]`,
          '$hoisted-path-3/cbc:Name',
        ),
      ),
    );
    expect(out).toContain(`select="count(${child('cac:PaymentMeans')})"`);
    expect(out).toContain(
      `test="not(${read('hoisted-path-4', '(cac:InvoiceLine|cac:CreditNoteLine)/cac:Item/cbc:Name')}) and ${child('cbc:Note')}[1] = 'x'"`,
    );
  });

  test('only paths with the rule focus are rewritten, up to a step with a predicate', () => {
    const h = hoisted();
    const cases: Array<[string, string]> = [
      // `a/b[1]` is the first b of each a: the path stops before b.
      ["cac:A/cac:B[cbc:C = 'x']/cbc:D", `${child('cac:A')}/cac:B[cbc:C = 'x']/cbc:D`],
      [
        'count(x) &lt; 2 or cac:A/cac:B/@id &gt; 1',
        `count(x) &lt; 2 or ${read('hoisted-path-2', 'cac:A/cac:B')}/@id > 1`,
      ],
      [
        'every $c in cbc:D satisfies exists(cac:T[@id = $c])',
        `every $c in ${child('cbc:D')} satisfies exists(${child('cac:T')}[@id = $c])`,
      ],
      // A union alone keeps its own order: its names are read one by one.
      ['(cac:A|cac:T)[1]', `(${child('cac:A')}|${child('cac:T')})[1]`],
      // Another focus (inside a path's parentheses, a predicate, after `!`), variables, attributes, axes,
      // types, function names and string literals; an expression with a character reference.
      ['sum(//(cac:A|cac:B)/xs:decimal(cbc:C))', 'sum(//(cac:A|cac:B)/xs:decimal(cbc:C))'],
      ['$x/cac:A | @cbc:A | child::cac:A | x ! cac:A', '$x/cac:A | @cbc:A | child::cac:A | x ! cac:A'],
      [
        "a instance of xs:decimal or 'cac:A' = &quot;cac:B&quot;",
        "a instance of xs:decimal or 'cac:A' = &quot;cac:B&quot;",
      ],
      ['cac:A = &#10;', 'cac:A = &#10;'],
    ];
    for (const [input, output] of cases) expect(rewriteExpression(input, h)).toBe(output);
    expect([...h.selects.keys()].sort()).toEqual([
      'hoisted-child-cac-A',
      'hoisted-child-cac-T',
      'hoisted-child-cbc-D',
      'hoisted-path-2',
    ]);
  });

  test('paths that share a prefix read its variable: each prefix is computed once', () => {
    const h = hoisted();
    rewriteExpression('cac:A/cac:B/cbc:C or cac:A/cac:B/cbc:D or cac:A/cbc:E', h);
    const root = '[.. is $hoisted-root-element]';
    const a = `[parent::cac:A${root}]`;
    const ab = `[parent::cac:B${a}]`;
    expect([...h.selects]).toEqual([
      [
        'hoisted-child-cac-A',
        either(['cac:A'], rootChildren, `${named('cac:A')}${root}`, '$hoisted-root-element/cac:A'),
      ],
      [
        'hoisted-path-2',
        either(['cac:B'], count('cac:A'), `${named('cac:B')}${a}`, '$hoisted-child-cac-A/cac:B'),
      ],
      [
        'hoisted-path-3',
        either(['cbc:C'], count('cac:B'), `${named('cbc:C')}${ab}`, '$hoisted-path-2/cbc:C'),
      ],
      [
        'hoisted-path-4',
        either(['cbc:D'], count('cac:B'), `${named('cbc:D')}${ab}`, '$hoisted-path-2/cbc:D'),
      ],
      [
        'hoisted-path-5',
        either(['cbc:E'], count('cac:A'), `${named('cbc:E')}${a}`, '$hoisted-child-cac-A/cbc:E'),
      ],
    ]);
  });

  test('absolute paths read a variable of their own in any rule; what follows them reads its nodes', () => {
    const line = '/rsm:X/rsm:T/ram:Line';
    const untouched = '//ram:Line or /rsm:X or /rsm:X/rsm:T[@id = $v]';
    const body =
      '<xsl:template match="//ram:*[ends-with(name(), \'Quantity\')]" mode="M11">' +
      `<xsl:choose><xsl:when test="not(@unitCode) or (${line}/ram:Billed/@unitCode)"/></xsl:choose>` +
      `<xsl:if test="count(${line}) = 2 and ${line}/ram:Billed/@unitCode"/>` +
      // A step or `!` after the path reads the variable's nodes; a predicate on its last step is part of it.
      `<xsl:if test="${line}/ram:Billed/text() or ${line} ! x or ${line}[1]"/>` +
      // Not it: `//`, one step, a predicate reading a variable (or current(): the path stops before it);
      // another focus.
      `<xsl:if test="${untouched} or ${line}[@id = current()/@id]"/>` +
      `<xsl:if test="a[${line}]"/><xsl:for-each select="x"><xsl:if test="${line}"/></xsl:for-each>` +
      '</xsl:template>';
    const out = hoistRootChildren(sheet(body));
    const variable = (name: string, select: string) => `<xsl:variable name="${name}" select="${select}"/>`;
    // `/rsm:X/rsm:T/ram:Line` is `rsm:T/ram:Line` from the document element when it is an rsm:X.
    const absolute = (name: string, nodes: string) =>
      variable(name, `if ($hoisted-root-element/self::rsm:X) then ${nodes} else ()`);
    const billed = '$hoisted-absolute-4';
    const lines = '$hoisted-absolute-5';
    expect(out).toContain(`<xsl:when test="not(@unitCode) or (${billed})"/>`);
    expect(out).toContain(`<xsl:if test="count(${lines}) = 2 and ${billed}"/>`);
    expect(out).toContain(
      `<xsl:if test="$hoisted-absolute-6/text() or ${lines} ! x or $hoisted-absolute-7"/>`,
    );
    expect(out).toContain(
      `<xsl:if test="${untouched} or $hoisted-absolute-8/ram:Line[@id = current()/@id]"/>`,
    );
    expect(out).toContain(absolute('hoisted-absolute-8', '$hoisted-child-rsm-T'));
    expect(out).toContain(`<xsl:if test="a[${line}]"/><xsl:for-each select="x"><xsl:if test="${line}"/>`);
    expect(out).toContain(absolute('hoisted-absolute-4', '$hoisted-path-3/@unitCode'));
    expect(out).toContain(absolute('hoisted-absolute-5', '$hoisted-path-2'));
    expect(out).toContain(absolute('hoisted-absolute-6', '$hoisted-path-3'));
    // The first Line of each T, as in the path: the predicate stays on its step.
    expect(out).toContain(absolute('hoisted-absolute-7', '$hoisted-child-rsm-T/ram:Line[1]'));
    expect(out).toContain(
      variable(
        'hoisted-path-3',
        either(
          ['ram:Billed'],
          count('ram:Line'),
          `${named('ram:Billed')}[parent::ram:Line[parent::rsm:T[.. is $hoisted-root-element]]]`,
          '$hoisted-path-2/ram:Billed',
        ),
      ),
    );
    expect(out).toContain('<xsl:variable name="hoisted-root-element" select="/*"/>');
    // With xpath-default-namespace a predicate's unprefixed names would read another namespace at the top.
    const defaulted = sheet(body).replace('version="2.0"', 'version="2.0" xpath-default-namespace="urn:x"');
    expect(hoistRootChildren(defaulted)).toBe(defaulted);
  });

  test("the official CEN CII rules keep no path from the root in a rule's own focus", () => {
    // CII-DT-033 (every quantity) and BR-S-02 and its kind (every line's VAT) walked every line from the
    // root for every line: a check that grew with the square of the lines.
    const xslt = readFileSync(join(OFFICIAL_RULESETS, 'en16931/EN16931-CII-validation.xslt'), 'utf8');
    const fromRoot = (xml: string) =>
      [...xml.matchAll(/<xsl:(?:when|if) test="([^"]*)"/g)]
        .map((m) => withoutPredicates(m[1] as string))
        .filter((test) => /(?:^|[\s(,=])\/rsm:\w+\/rsm:/.test(test));
    expect(fromRoot(xslt).length).toBeGreaterThan(0);
    expect(fromRoot(hoistRootChildren(xslt))).toEqual([]);
  });

  test('rules on other contexts and for-each bodies are left alone; no such rule, no change', () => {
    const body =
      '<xsl:template match="cac:InvoiceLine/cac:Item" mode="M1"><xsl:if test="cac:A"/></xsl:template>' +
      '<xsl:template match="cbc:Note" priority="-1"/>' +
      '<xsl:template match="cac:Item/cbc:Name"><xsl:if test="cac:A"/></xsl:template>' +
      '<xsl:template match="ubl:Invoice"><svrl:failed-assert test="cac:A"/>' +
      '<xsl:for-each select="cac:B"><xsl:if test="cac:C"/></xsl:for-each></xsl:template>';
    expect(hoistRootChildren(sheet(body))).toBe(sheet(body));
  });
});
