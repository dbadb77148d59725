// A rules compiler: compiles the rule pack's XSLT with the speed rewrites into the SEF cache, off the
// server's thread (10-30 s of synchronous saxon-js work per ruleset). Built into the executable as its own
// entrypoint; started once after listen by rules-compiler.ts, and gone when done.
import { loadRulePack } from '../einvoicing/rule-pack';
import { compileRulePack } from '../einvoicing/schematron';
import type { RulesCompileReply, RulesCompileRequest } from './rules-compiler';

declare const self: Worker;

self.onmessage = async (event: MessageEvent<RulesCompileRequest>) => {
  const reply = (message: RulesCompileReply) => self.postMessage(message);
  try {
    const pack = loadRulePack(event.data.rulesetsDir);
    await compileRulePack(pack, event.data.cacheDir, pack.profileIds, (result) => {
      reply({ kind: 'ruleset', result });
      // One compile leaves hundreds of MiB of garbage; collected only now and then, the next compile's would
      // pile onto it (measured: peak 850 MiB for the whole pack without this, 780 with it).
      Bun.gc(true);
    });
    reply({ kind: 'done' });
  } catch (error) {
    reply({ kind: 'failed', message: (error as Error).message });
  }
};
