import type { PackRuleset, RulePack } from '../einvoicing/rule-pack';
import type { CompiledRuleset } from '../einvoicing/schematron/warm';
import type { Logger } from '../shared/logger';
import { workerEntry } from './entry';

export interface RulesCompileRequest {
  rulesetsDir: string;
  cacheDir: string;
}

export type RulesCompileReply =
  | { kind: 'ruleset'; result: CompiledRuleset }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

export interface RulesCompile {
  /** Every ruleset's outcome, once the worker is done (or [] when there was nothing to compile). */
  readonly done: Promise<CompiledRuleset[]>;
  /** Ends the worker now (shutdown); a half-written cache entry is never left, see cachedSef. */
  stop(): void;
}

/**
 * Compiles the rule pack's stylesheets with the speed rewrites (EN 16931 UBL rules about twice as fast) in a
 * worker thread, once per data dir: later starts find them in the cache and start no worker. Each ruleset compiled replaces, in this process, the pack's SEF loaded so far, so compliance
 * checks speed up without a restart. Until then, and if compiling fails, checks use the pack's own SEF
 * with the same findings: nothing waits for this.
 */
export function compileRulesInBackground(
  pack: RulePack,
  cacheDir: string,
  logger: Logger,
  options: { delayMs?: number } = {},
): RulesCompile {
  const results: CompiledRuleset[] = [];
  const { promise: done, resolve: settle } = Promise.withResolvers<CompiledRuleset[]>();
  let worker: Worker | null = null;
  let finished = false;
  const finish = () => {
    finished = true;
    clearTimeout(timer);
    worker?.terminate();
    worker = null;
    settle(results);
    // The compiler's heap (600+ MiB at its peak) is gone with the worker, and even the cache check leaves
    // the pack's XSLT text (10 MiB) as garbage: give the pages back now rather than at the next collection,
    // which an idle server may not run for a long time.
    setTimeout(() => Bun.gc(true), 1000).unref();
  };
  const start = async () => {
    if (pack.dir === null) return finish();
    // The stylesheets' code (their rewrites and the XSD loader, about 100 KB of source) is loaded here,
    // once the pack is ready, not by every start of the server.
    const [compile, warm, stylesheets] = await Promise.all([
      import('../einvoicing/schematron/compile-xslt'),
      import('../einvoicing/schematron/warm'),
      import('../einvoicing/schematron/stylesheets'),
    ]);
    if (finished) return; // stopped meanwhile
    // About 4 ms for the whole pack: hashing its XSLT files. On every start after the first, that is
    // all there is to do, and no worker (with the saxon-js it would load) is started.
    const compiled = (r: { id: string; xsltPath: string }) =>
      compile.cachedSefPath(r.id, r.xsltPath, cacheDir) !== null;
    if (warm.compilableRulesets(pack).every(compiled)) return finish();
    const forget = stylesheets.forgetUnoptimizedStylesheet;
    worker = new Worker(workerEntry('rules-compile-worker'));
    worker.onmessage = (event: MessageEvent<RulesCompileReply>) => onMessage(event, forget);
    worker.onerror = (event) => {
      logger.warn('rules compile failed', { reason: event.message });
      finish();
    };
    worker.postMessage({ rulesetsDir: pack.dir, cacheDir } satisfies RulesCompileRequest);
  };
  const onMessage = (event: MessageEvent<RulesCompileReply>, forget: (ruleset: PackRuleset) => void) => {
    const reply = event.data;
    if (reply.kind === 'ruleset') {
      results.push(reply.result);
      noteRuleset(pack, reply.result, logger, forget);
    } else {
      if (reply.kind === 'failed') logger.warn('rules compile failed', { reason: reply.message });
      finish();
    }
  };
  // Not right after listen: start-up is measured to the first answer, and the check holds the thread a little.
  const timer = setTimeout(() => void start(), options.delayMs ?? 0);
  return { done, stop: finish };
}

function noteRuleset(
  pack: RulePack,
  result: CompiledRuleset,
  logger: Logger,
  forgetUnoptimizedStylesheet: (ruleset: PackRuleset) => void,
): void {
  const ruleset = pack.rulesets.get(result.id);
  if (!result.ok) {
    logger.warn('ruleset kept on the pack SEF: compiling it failed', {
      ruleset: result.id,
      reason: result.reason,
    });
    return;
  }
  if (ruleset !== undefined) forgetUnoptimizedStylesheet(ruleset);
  if (result.compiled) logger.info('ruleset compiled', { ruleset: result.id, ms: Math.round(result.ms) });
}
