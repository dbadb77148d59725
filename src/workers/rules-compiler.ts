import type { RulePack } from '../einvoicing/rule-pack';
import { forgetUnoptimizedStylesheet } from '../einvoicing/schematron/stylesheets';
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
 * worker thread, once per data dir: later starts find them in the cache and the worker finishes in
 * milliseconds. Each ruleset compiled replaces, in this process, the pack's SEF loaded so far, so compliance
 * checks speed up without a restart. Until then, and if compiling fails, checks use the pack's own SEF
 * with the same findings: nothing waits for this.
 */
export function compileRulesInBackground(pack: RulePack, cacheDir: string, logger: Logger): RulesCompile {
  const wanted = [...pack.rulesets.values()].some((r) => r.xsltPath !== null);
  if (pack.dir === null || !wanted) return { done: Promise.resolve([]), stop: () => {} };

  const worker = new Worker(workerEntry('rules-compile-worker'));
  const results: CompiledRuleset[] = [];
  let settle: (results: CompiledRuleset[]) => void = () => {};
  const done = new Promise<CompiledRuleset[]>((resolve) => {
    settle = resolve;
  });
  const finish = () => {
    worker.terminate();
    settle(results);
    // The compiler's heap (100+ MiB at its peak) is gone with the worker; give its pages back now rather
    // than at the next collection, which an idle server may not run for a long time.
    setTimeout(() => Bun.gc(true), 1000).unref();
  };
  worker.onmessage = (event: MessageEvent<RulesCompileReply>) => {
    const reply = event.data;
    if (reply.kind === 'ruleset') {
      results.push(reply.result);
      noteRuleset(pack, reply.result, logger);
    } else {
      if (reply.kind === 'failed') logger.warn('rules compile failed', { reason: reply.message });
      finish();
    }
  };
  worker.onerror = (event) => {
    logger.warn('rules compile failed', { reason: event.message });
    finish();
  };
  worker.postMessage({ rulesetsDir: pack.dir, cacheDir } satisfies RulesCompileRequest);
  return { done, stop: finish };
}

function noteRuleset(pack: RulePack, result: CompiledRuleset, logger: Logger): void {
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
