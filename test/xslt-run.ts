// Compiles an XSLT with saxon-js (no rewrites) and runs it on a source text: what the rewrite tests compare
// before and after a rewrite.
import { compileXslt } from '../src/einvoicing/schematron/compile-xslt';
import { loadSaxon } from '../src/einvoicing/schematron/saxon';

export async function transformText(xslt: string, source: string): Promise<string> {
  const saxon = await loadSaxon();
  const sef = compileXslt(saxon, xslt, 'file:///test.xsl');
  return String(
    saxon.transform(
      { stylesheetInternal: sef, sourceText: source, destination: 'serialized', deliverMessage: () => {} },
      'sync',
    ).principalResult,
  );
}
