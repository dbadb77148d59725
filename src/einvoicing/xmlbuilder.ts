// xmlbuilder2, loaded the first time an XML document is written or read. With its DOM (@oozcitak/dom,
// @oozcitak/url, js-yaml) it is 1.1 MB of source, and the channel modules that read UBL and CDAR files are
// registered at every start: imported at the top it was evaluated by every start and held in its memory.
// `require` rather than `await import()` because every caller is synchronous (the parsers and serializers
// return values, not promises); the bundle wraps the package so its code runs on that first call.
import type * as Xmlbuilder2 from 'xmlbuilder2';

let loaded: typeof Xmlbuilder2 | undefined;

export function xmlbuilder2(): typeof Xmlbuilder2 {
  loaded ??= require('xmlbuilder2') as typeof Xmlbuilder2;
  return loaded;
}
