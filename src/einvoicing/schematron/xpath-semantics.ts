/**
 * Where saxon-js's XPath differs from Java Saxon's (the processor of KoSIT's validator and the Peppol
 * tools, "the official validator"), so that a rule fires here exactly when it fires there: regular
 * expressions (xpath-regex.ts), xs:decimal division (xpath-decimal.ts), the whitespace around lexical
 * forms in casts (xpath-casts.ts) and general comparisons of a node's text with a number, -0 and NaN
 * (xpath-compare.ts). Applied to the loaded saxon-js module before anything runs on it, by
 * loadSaxon, the one place saxon-js is loaded: the rules workers, the rules compile worker and the
 * in-process checks all get it. saxon-js is minified and exports none of these as API: each correction
 * reaches its target through an exported object (`internals.Regex`, `XS`) or finds it by what it answers,
 * never by a function's name; `bun build --minify` renames no properties.
 */
import { installCastWhitespace } from './xpath-casts';
import { installJavaGeneralComparison } from './xpath-compare';
import { installJavaDecimalDivision } from './xpath-decimal';
import { installXPathRegex } from './xpath-regex';

const INSTALLED = Symbol.for('invoice-service.xpath-semantics');

/**
 * Throws when a correction finds nothing to correct (a saxon-js release with another inside): the rules
 * would then give verdicts other than the official validator's, which must not pass unnoticed. The check
 * that loads saxon-js reports that as its rulesets' `ran: false` reason.
 */
export function installXPathSemantics(saxon: object): void {
  const marked = saxon as { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  const internals = (saxon as { internals?: { Regex?: object } }).internals;
  const missing = [
    installXPathRegex(internals?.Regex) ? null : 'regular expressions (internals.Regex.prepareRegex)',
    installJavaDecimalDivision(saxon) ? null : 'decimal division (big.js div)',
    installCastWhitespace(saxon) ? null : 'cast whitespace (XS types fromString)',
    installJavaGeneralComparison(saxon)
      ? null
      : 'general comparisons of text with numbers (internals.Compare)',
  ].filter((m) => m !== null);
  if (missing.length > 0) {
    throw new Error(
      `this saxon-js cannot be given XPath's semantics for ${missing.join(', ')}: the rules would not give the official validator's verdicts`,
    );
  }
  marked[INSTALLED] = true;
}
