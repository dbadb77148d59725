// A tier-2 worker: runs a profile's XSD and official Schematron off the request thread, so a slow or
// hostile document can hold only this worker, which the pool terminates at the check's time limit.
// Built into the executable as its own entrypoint.
import { loadRulePack, type RulePack } from '../einvoicing/rule-pack';
import { runProfile, warmRulePack } from '../einvoicing/schematron';
import { loadSaxon } from '../einvoicing/schematron/saxon';
import { rootNamespaceHint, XmlInputError } from '../einvoicing/xsd/xml-input';
import type { RulesReply, RulesRequest } from './rules-pool';

declare const self: Worker;

// The pack is read once per worker (the manifest and its file list), keyed by its directory.
const packs = new Map<string | null, RulePack>();

// saxon-js (300 ms) loads while the first request is on its way: a pool starts its workers before it
// writes out the embedded pack and sends one the check. A load that fails (a saxon-js that cannot be given
// XPath's semantics) is reported by that check, as its rulesets' `ran: false` reason.
loadSaxon().catch(() => {});

self.onmessage = async (event: MessageEvent<RulesRequest>) => {
  const { id, packDir, profile, xml, cacheDir, customizationId, part } = event.data;
  let reply: RulesReply;
  try {
    let pack = packs.get(packDir);
    if (!pack) {
      pack = loadRulePack(packDir);
      packs.set(packDir, pack);
    }
    const options = {
      cacheDir,
      ...(customizationId === undefined ? {} : { customizationId }),
      ...(part === undefined ? {} : { part }),
    };
    // The rules first (cached for the worker's life: at once when warm), then the check on its own clock.
    // A part of a check loads only what that part runs.
    await warmRulePack(pack, {
      cacheDir,
      profiles: [profile],
      rootNamespace: rootNamespaceHint(xml),
      ...(part === undefined ? {} : { part }),
    }).catch(() => undefined);
    self.postMessage({ id, loaded: true } satisfies RulesReply);
    reply = { id, result: await runProfile(pack, profile, xml, options) };
  } catch (error) {
    reply =
      error instanceof XmlInputError
        ? { id, input: { code: error.code, message: error.message, line: error.line, column: error.column } }
        : { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
