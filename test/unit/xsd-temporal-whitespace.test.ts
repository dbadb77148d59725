import { expect, test } from 'bun:test';
import { parseUntrustedXml } from '../../src/einvoicing/xsd';
import { collapseTemporalWhitespace } from '../../src/einvoicing/xsd/temporal-whitespace';

/**
 * The document after the trimming, as libxml2 holds it, and how many values were trimmed; the same with
 * the text given (the service's path, which searches the tree only when the text may hold such a value).
 */
async function trimmed(xml: string): Promise<{ count: number; xml: string }> {
  const runs = [];
  for (const text of [undefined, xml]) {
    const doc = await parseUntrustedXml(xml);
    try {
      const count = await collapseTemporalWhitespace(doc, text);
      runs.push({ count, xml: doc.toString({ format: false }) });
    } finally {
      doc.dispose();
    }
  }
  expect(runs[1]).toEqual(runs[0] as { count: number; xml: string });
  return runs[0] as { count: number; xml: string };
}

test('dates, times, date-times and durations lose the whitespace around them, split values too', async () => {
  const { count, xml } = await trimmed(
    `<r><d>\n  2017-11-13\n</d><t> 10:00:00Z </t><dt>\t2017-11-13T10:00:00.5+01:00 </dt><p> P1Y2M3DT4H </p>` +
      `<c> <!-- note --> 2017-11-13 </c><x><![CDATA[ 2017-11-13 ]]></x><a at=" 2017-11-13 "/></r>`,
  );
  expect(count).toBe(7);
  // One value at a time, each shape is found from the text alone.
  for (const value of [
    '<d>2017-11-13 </d>',
    '<d>\n-0001-01-01</d>',
    '<p>P1D </p>',
    '<t>10:00:00Z\t</t>',
    '<a at="10:00:00 "/>',
  ])
    expect((await trimmed(`<r>${value}</r>`)).count).toBe(1);
  expect(xml).toContain(
    '<d>2017-11-13</d><t>10:00:00Z</t><dt>2017-11-13T10:00:00.5+01:00</dt><p>P1Y2M3DT4H</p>',
  );
  expect(xml).toContain('<c>2017-11-13<!-- note --></c><x><![CDATA[2017-11-13]]></x><a at="2017-11-13"/>');
});

test('anything else is left as it is: other values, inner spaces, containers, no date or time shape', async () => {
  const source =
    '<r><n> 12.50 </n><s> a note 2017 </s><i>2017-11 -13</i><w> 2017-13-45 x </w>' +
    '<e>   </e><k><d>2017-11-13</d>\n</k><code> 380 </code></r>';
  const { count, xml } = await trimmed(source);
  expect(count).toBe(0);
  expect(xml).toContain(source.slice(0, source.indexOf('<k>')));
});
