// The rewrite that gives each finding's location its positions from a parent's children numbered once
// (src/einvoicing/schematron/sibling-positions.ts, rewrite generation 17): where it applies, and that its
// positions are the ones the stylesheets' own counting gives.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileXslt, rewriteForSaxonJs } from '../../src/einvoicing/schematron/compile-xslt';
import { loadSaxon, parseSource } from '../../src/einvoicing/schematron/saxon';
import {
  fastSiblingPositions,
  SIBLING_POSITION_FUNCTION,
} from '../../src/einvoicing/schematron/sibling-positions';
import { ROOT } from '../harness';

const PACK = join(ROOT, 'assets/rulesets');
const STYLESHEETS = [
  'en16931/EN16931-UBL-validation.xslt',
  'en16931/EN16931-CII-validation.xslt',
  'peppol/PEPPOL-EN16931-UBL-3.0.21.xsl',
  'xrechnung/XRechnung-UBL-validation.xsl',
  'xrechnung/XRechnung-CII-validation.xsl',
];
const ISO_COUNT = /count\(preceding-sibling::\*\[local-name\(\)=local-name\(current\(\)\)/;

describe('fastSiblingPositions (a location position per parent, not per finding)', () => {
  test('every official stylesheet asks for its elements positions once, not by counting preceding siblings', () => {
    for (const file of STYLESHEETS) {
      const rewritten = rewriteForSaxonJs(readFileSync(join(PACK, file), 'utf8'));
      expect({ file, calls: rewritten.split(SIBLING_POSITION_FUNCTION).length - 1 }).toEqual({
        file,
        calls: 1,
      });
      expect(ISO_COUNT.test(rewritten)).toBe(false);
      // SchXslt's own counting stays for what is not an element only.
      const location =
        /<xsl:function name="schxslt:location"[\s\S]*?<\/xsl:function>/.exec(rewritten)?.[0] ?? '';
      expect(
        location.replace(/<xsl:otherwise><xsl:number level="single"\/><\/xsl:otherwise>/, ''),
      ).not.toContain('<xsl:number');
    }
  });

  test('a stylesheet without those location templates is left as it is', () => {
    const xslt =
      '<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0"><xsl:template match="*"><xsl:number level="single"/></xsl:template></xsl:stylesheet>';
    expect(fastSiblingPositions(xslt)).toBe(xslt);
  });

  test('the positions are the ones counting preceding siblings gives, with namespaces, prefixes and other nodes between', async () => {
    const saxon = await loadSaxon();
    // For every element: the ISO skeleton's count, as rewritten, and SchXslt's xsl:number (the position).
    const counted =
      'count(preceding-sibling::*[local-name()=local-name(current())                                   and namespace-uri() = namespace-uri(current())])';
    const xslt = `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0">
      <xsl:template match="/"><out><xsl:apply-templates select="//*"/></out></xsl:template>
      <xsl:template match="*"><p><xsl:value-of select="${counted}"/>=<xsl:value-of select="${fastSiblingPositions(counted)}"/>|<xsl:number level="single"/></p></xsl:template>
    </xsl:stylesheet>`;
    const sef = compileXslt(saxon, xslt, 'file:///sibling-positions.xsl');
    const xml =
      '<a xmlns:x="urn:x" xmlns:y="urn:x"><b/>t<c/><!--c--><b/><x:b/><y:b/><b xmlns="urn:x"/><?p?><b>' +
      '<b/><b/></b><b/><c/><x:c/></a>';
    const result = saxon.transform(
      { stylesheetInternal: sef, sourceNode: parseSource(saxon, xml), destination: 'serialized' } as never,
      'sync',
    ) as unknown as { principalResult: string };
    const pairs = [...result.principalResult.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(pairs).toEqual([
      '0=0|1', // a
      '0=0|1', // b
      '0=0|1', // c
      '1=1|2', // b
      '0=0|1', // x:b
      '1=1|2', // y:b (the same namespace as x:b)
      '2=2|3', // b in urn:x
      '2=2|3', // b (its children are numbered apart)
      '0=0|1',
      '1=1|2',
      '3=3|4', // b
      '1=1|2', // c
      '0=0|1', // x:c
    ]);
  });
});
