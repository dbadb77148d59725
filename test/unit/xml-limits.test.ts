import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkXmlLimits, XmlLimitError } from '../../src/einvoicing/xsd/xml-limits';
import { sharedPath } from '../shared-material';

const EXAMPLES = sharedPath('rulesets/examples');
const xmlExamples = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.xml'),
);

const limitOf = (
  xml: string,
  limits = { maxChars: 1e9, maxElements: 10, maxAttributesPerElement: 3, maxDepth: 3 },
) => {
  try {
    checkXmlLimits(xml, limits);
    return null;
  } catch (error) {
    if (error instanceof XmlLimitError) return error.limit;
    throw error;
  }
};

describe('checkXmlLimits', () => {
  test('every official example is inside the default limits', () => {
    expect(xmlExamples.length).toBeGreaterThan(20);
    for (const file of xmlExamples) checkXmlLimits(readFileSync(join(EXAMPLES, file), 'utf8'));
  });

  test('counts start tags, attributes and depth, skipping comments, CDATA, PIs and quoted values', () => {
    expect(limitOf('<a><b/><c x="1" y="2" z="3"/></a>')).toBeNull();
    expect(limitOf('<a x="1" y="2" z="3" w="4"/>')).toBe('maxAttributesPerElement');
    expect(limitOf('<a v="x=1 y=2 z=3 w=4 q=5"/>')).toBeNull();
    expect(limitOf('<a><b><c><d/></c></b></a>')).toBeNull();
    expect(limitOf('<a><b><c><d></d></c></b></a>')).toBe('maxDepth');
    expect(limitOf(`<a>${'<b/>'.repeat(9)}</a>`)).toBeNull();
    expect(limitOf(`<a>${'<b/>'.repeat(10)}</a>`)).toBe('maxElements');
    expect(limitOf('<?xml version="1.0"?><!-- <b><b><b><b> --><a><![CDATA[<b><b><b><b>]]></a>')).toBeNull();
    expect(
      limitOf('x'.repeat(11), { maxChars: 10, maxElements: 1, maxAttributesPerElement: 1, maxDepth: 1 }),
    ).toBe('maxChars');
  });
});
