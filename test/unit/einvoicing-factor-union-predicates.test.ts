import { expect, test } from 'bun:test';
import { factorUnionPredicates } from '../../src/einvoicing/schematron/factor-union-predicates';
import { transformText } from '../xslt-run';

const sheet = (matches: string[]) =>
  '<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">' +
  '<xsl:template match="/"><out><xsl:apply-templates select="//*"/></out></xsl:template>' +
  matches
    .map(
      (m, i) => `<xsl:template match="${m}" priority="${10 - i}"><hit n="${i}" e="{name()}"/></xsl:template>`,
    )
    .join('') +
  '<xsl:template match="*" priority="-10"/></xsl:stylesheet>';

const INVOICE =
  '<r><EndpointID s="0088">1</EndpointID><EndpointID s="0192">2</EndpointID>' +
  '<PartyIdentification><ID s="0088">3</ID><ID>4</ID></PartyIdentification><Line><ID s="0088">5</ID></Line>' +
  '<CompanyID s="0088">6</CompanyID><CompanyID>7</CompanyID></r>';

test('a predicate every alternative ends with is applied after the union, with the same matches', async () => {
  const original = sheet([
    "EndpointID[@s = '0088'] | PartyIdentification/ID[@s = '0088'] | CompanyID[@s = '0088']",
    "EndpointID[@s != '0088'] | r/CompanyID[@s != '0088']",
  ]);
  const rewritten = factorUnionPredicates(original);
  expect(rewritten).toContain(`match="(EndpointID | PartyIdentification/ID | CompanyID)[@s = '0088']"`);
  expect(rewritten).toContain(`match="(EndpointID | r/CompanyID)[@s != '0088']"`);
  const run = (xslt: string) => transformText(xslt, INVOICE);
  const result = await run(rewritten);
  expect(result).toBe(await run(original));
  expect(result.match(/<hit n="0"/g)?.length).toBe(3);
  expect(result.match(/<hit n="1"/g)?.length).toBe(1);
});

test('alternatives with different, missing, positional or other predicates are left alone', () => {
  for (const match of [
    "EndpointID[@s = '0088'] | CompanyID[@s = '0192']",
    "EndpointID[@s = '0088'] | CompanyID",
    'EndpointID[1] | CompanyID[1]',
    'EndpointID[@s] | CompanyID[@s]',
    "EndpointID[. = '1'] | CompanyID[. = '1']",
    "EndpointID[@s = '0088']",
    'EndpointID[@s = &apos;0088&apos;] | CompanyID[@s = &apos;0088&apos;]',
  ]) {
    const original = sheet([match]);
    expect(factorUnionPredicates(original)).toBe(original);
  }
});
