import type { RulePack } from '../einvoicing/rule-pack';
import { EXPECTED_RULESETS, isServiceProfile } from '../einvoicing/rule-pack-defaults';
import type { Violation } from '../einvoicing/rules/types';
import type { ProfilePart, ProfileResult, RunOptions } from '../einvoicing/schematron';
import { XmlInputError, type XmlInputProblem } from '../einvoicing/xsd/xml-input';
import { workerEntry } from './entry';
import { WorkerPool } from './pool-core';
import { oneHeavyAtATime } from './pool-order';

export interface RulesRequest {
  id: number;
  packDir: string | null;
  profile: string;
  xml: string;
  cacheDir: string | null;
  customizationId?: string | null;
  /** Only this part of the check (the pool runs a check's two parts in two workers); whole when absent. */
  part?: ProfilePart;
}

export type RulesReply =
  | { id: number; result: ProfileResult }
  | {
      id: number;
      input: { code: XmlInputProblem; message: string; line: number | null; column: number | null };
    }
  | { id: number; error: string }
  /** The worker has saxon-js and the profile's schema and stylesheets loaded: the check itself starts. */
  | { id: number; loaded: true };

/** Runs tier 2 of a profile on XML: in a worker (the server) or in-process (tests, tools). */
export type ProfileRunner = (
  pack: RulePack,
  profile: string,
  xml: string,
  options?: RunOptions,
) => Promise<ProfileResult>;

/** saxon-js and libxml2 load on the first check, not with the server. */
export const runProfileInProcess: ProfileRunner = async (pack, profile, xml, options) => {
  await pack.prepare?.();
  const { runProfile } = await import('../einvoicing/schematron');
  return runProfile(pack, profile, xml, options);
};

export const CUT_SHORT_RULE = 'CHECK-TIME-LIMIT';

/** How long a fresh worker may take to load saxon-js and a profile's rules before its check starts. */
export const RULES_LOAD_LIMIT_MS = 120_000;

/**
 * What a check reports when it ran past its time limit: not a pass. Every ruleset of the profile says it
 * did not run to the end, and one fatal finding says why, so `valid` is false and `fully_checked` false.
 */
export function cutShortResult(pack: RulePack, profile: string, limit: CutShortReason): ProfileResult {
  const what =
    limit.kind === 'time'
      ? `its time limit of ${limit.ms / 1000} s`
      : `the memory limit of ${Math.round(limit.bytes / 1024 / 1024)} MiB`;
  const reason = `cut short: the check ran past ${what}`;
  const expected =
    pack.profiles.get(profile)?.rulesets.map((id) => ({
      id,
      label: pack.rulesets.get(id)?.label ?? id,
      version: pack.rulesets.get(id)?.version ?? '',
    })) ?? (isServiceProfile(profile) ? EXPECTED_RULESETS[profile] : []);
  const violation: Violation = {
    rule: CUT_SHORT_RULE,
    path: '/',
    message: `The official rules did not finish on this document within ${what}; the check was cut short and the document is not known to be valid`,
    severity: 'fatal',
    ruleset: 'xsd',
  };
  return {
    rulesets: [
      { id: 'xsd', label: 'XML Schema', version: '', ran: false, reason },
      ...expected.map((r) => ({ ...r, ran: false, reason })),
    ],
    violations: [violation],
  };
}

export type CutShortReason = { kind: 'time'; ms: number } | { kind: 'memory'; bytes: number };

/**
 * XML of this many characters or more (about 3,000 invoice lines) is a large document: the official rules
 * hold 60-140 bytes of memory per character of it while they run, and a worker keeps what it grew to. One
 * large document runs at a time, and the worker that ran it is replaced when it is done, so that the
 * process's memory stays about one check's worth of the largest document (docs/einvoicing.md "Memory").
 */
export const LARGE_XML_CHARS = 4 * 1024 * 1024;

/**
 * From this many characters of XML (about 200 invoice lines, a few hundred milliseconds of rules) up to
 * LARGE_XML_CHARS, a check of a profile with two rulesets may run in two parts at once (see `RulesPool`).
 */
export const SPLIT_MIN_XML_CHARS = 256 * 1024;

/** A check (or one part of one) waiting or running: its request (the pool adds the id), and the pack its cut-short answer names. */
interface Check {
  request: Omit<RulesRequest, 'id'>;
  pack: RulePack;
  /** A large document (LARGE_XML_CHARS): alone among large ones, and its worker replaced afterwards. */
  large: boolean;
}

/**
 * A rules worker free this long is ended: a server that checked a large invoice (its workers 0.5-1 GiB with
 * saxon-js, the stylesheets and the JIT's code) gives that back when the checks stop; the next check
 * starts a worker again (0.5 s for a small invoice, about 2 s for 1,000 lines).
 */
export const RULES_IDLE_RETIRE_MS = 10 * 60_000;

/** How long the pool must have been idle after a check of split size before the second worker is primed. */
const PRIME_DELAY_MS = 1_000;

/** A document that makes a worker load a part's rules and nothing more (its findings are not read). */
const PRIMING_XML = '<priming/>';

/**
 * A fixed pool of workers for tier-2 checks. A check runs whole in one worker (XSD and every ruleset), or,
 * when the pool's two workers are started and idle, in two parts at once: the first ruleset (EN 16931) in
 * one worker, the XSD and the other rulesets in the other, each parsing the document itself; the answer is
 * put together in the profile's order and is the whole check's. Only a document from SPLIT_MIN_XML_CHARS
 * (below, a check takes tens of milliseconds) up to the large size is split (two parts of a large one at
 * once passed the memory ceiling), and never onto a worker started for it: a fresh worker warming saxon-js
 * beside the first one cost a first check more than it gained (two JavaScriptCore VMs compiling the same
 * code on two cores, bench/README.md). Instead, after a check of that size ran whole because one worker was
 * all there was, the second worker is started once the pool has been idle for a second and runs its part
 * of that document (findings unread: it loads the part's rules and warms its JIT), so the next such check
 * splits.
 * Each check (or part) has a time limit: a worker still busy when it passes is terminated (saxon-js cannot
 * be interrupted otherwise) and replaced, and the check answers `cutShortResult`. Jobs queue in order; a
 * crashed worker fails only its own job.
 */
export class RulesPool {
  private readonly pool: WorkerPool<Check, ProfileResult, RulesReply>;
  /** The answers limits gave: a part cut short makes its whole check cut short. */
  private readonly cutShort = new WeakSet<ProfileResult>();
  private priming: Promise<void> = Promise.resolve();
  private primeWaiting = false;

  constructor(
    /** Workers at most; a function is asked again as checks come (instances on one host share its cores). */
    size: number | (() => number),
    timeLimitMs: number,
    /** While checks run, process RSS above this cuts the running checks short (workers share the process). */
    memoryLimitBytes: number = Number.POSITIVE_INFINITY,
    /** The worker script (tests give one that misbehaves on purpose). */
    entry: string = workerEntry('rules-worker'),
    /** From this many characters of XML a document is large (tests make small ones large). */
    private readonly largeXmlChars: number = LARGE_XML_CHARS,
    /** How long a fresh worker may take to load a profile's rules before its check starts. */
    loadLimitMs: number = Math.max(RULES_LOAD_LIMIT_MS, timeLimitMs),
    /** From this many characters of XML a check may run in two parts (tests split small ones). */
    private readonly splitXmlChars: number = SPLIT_MIN_XML_CHARS,
    /** A worker free this long is ended, giving its memory back (RULES_IDLE_RETIRE_MS; tests: shorter). */
    retireIdleMs: number = RULES_IDLE_RETIRE_MS,
  ) {
    this.pool = new WorkerPool<Check, ProfileResult, RulesReply>({
      entry,
      size,
      // Workers start when a check needs one, up to the pool's size (none with the server).
      start: 'as-needed',
      timeLimitMs,
      // Loading saxon-js and a profile's stylesheets into a fresh worker is the service's own cost, not the
      // document's: bounded on its own (several seconds on a machine busy with other work), and the check's
      // time limit starts once the worker has them (a replaced worker no longer fails the next check).
      loadLimitMs,
      isLoaded: (reply) => 'loaded' in reply,
      memoryLimitBytes,
      // In order, except that a large document waits while another one runs (others go past it).
      order: oneHeavyAtATime((check) => check.large),
      // The stylesheets a check needs: a free worker that ran the same profile (or part) before is preferred.
      affinity: ({ request }) =>
        `${request.packDir}|${request.profile}|${request.part?.rulesets.join(',') ?? 'whole'}`,
      // A worker does not give back the memory a large document made it grow to; a fresh one starts small.
      replaceAfter: (check) => check.large,
      retireIdleMs,
      message: (check, id) => ({ id, ...check.request }) satisfies RulesRequest,
      answer: (reply) => {
        if ('result' in reply) return { value: reply.result };
        if ('loaded' in reply) return { error: new Error('a loaded report is not an answer') };
        if ('input' in reply) {
          const { code, message, line, column } = reply.input;
          return { error: new XmlInputError(code, message, line, column) };
        }
        return { error: new Error(reply.error) };
      },
      limit: (check, hit) => {
        const result = cutShortResult(check.pack, check.request.profile, hit);
        this.cutShort.add(result);
        return { value: result };
      },
      errors: {
        closed: 'the rules pool is closed',
        closing: 'the rules pool closed',
        crashed: 'rules worker failed',
      },
    });
  }

  readonly run: ProfileRunner = async (pack, profile, xml, options = {}) => {
    // A worker starts now if none is free, so that it loads saxon-js while the embedded pack's files are
    // written to the data dir on its first use (rule-pack-store.ts). Only one: a second worker loading
    // saxon-js beside the first check would take CPU from it (2 cores); it starts when a check waits.
    this.pool.growIfBusy();
    await pack.prepare?.();
    const request: Omit<RulesRequest, 'id'> = {
      packDir: pack.dir,
      profile,
      xml,
      cacheDir: options.cacheDir ?? null,
      ...(options.customizationId === undefined ? {} : { customizationId: options.customizationId }),
    };
    const large = xml.length >= this.largeXmlChars;
    // A large document stays whole: two parts of a 10,000-line invoice at once passed the memory ceiling.
    const splitSize = xml.length >= this.splitXmlChars && !large;
    const parts = this.partsOf(pack, profile, splitSize);
    // Only onto a second worker that is there already (see primeSecondWorker).
    if (parts !== null && this.pool.workers >= 2) return this.runInParts(pack, profile, request, parts);
    const result = await this.pool.submit({ request, pack, large });
    if (splitSize) this.primeSecondWorker(pack, request);
    return result;
  };

  /**
   * The two parts of a check of this profile, or null when it runs whole: a profile of one ruleset, a
   * document below the split size, a pool of one worker, or one that is busy (a split would make another
   * check wait for a worker, and take CPU from it).
   */
  private partsOf(pack: RulePack, profile: string, splitSize: boolean): ProfilePart[] | null {
    const rulesets = pack.profiles.get(profile)?.rulesets ?? [];
    if (!splitSize || this.pool.size < 2 || rulesets.length < 2 || this.pool.running > 0) return null;
    const [first, ...rest] = rulesets;
    // EN 16931 alone (the larger part), the XSD and the national or Peppol rules beside it.
    return [
      { xsd: true, rulesets: rest },
      { xsd: false, rulesets: [first as string] },
    ];
  }

  private async runInParts(
    pack: RulePack,
    profile: string,
    request: Omit<RulesRequest, 'id'>,
    parts: ProfilePart[],
  ): Promise<ProfileResult> {
    const results = await Promise.all(
      parts.map((part) => this.pool.submit({ request: { ...request, part }, pack, large: false })),
    );
    const cut = results.find((result) => this.cutShort.has(result));
    if (cut !== undefined) return cut;
    return mergeParts(pack.profiles.get(profile)?.rulesets ?? [], results);
  }

  /**
   * Starts the second worker once the pool has been idle for PRIME_DELAY_MS after a check of split size,
   * and gives it its part of that check, so the next such check splits on two warm workers: the first
   * worker, which has the whole profile loaded, takes the EN 16931 part on a trivial document (which only
   * makes it the worker for that part), the new worker the other part on the same document (loading its
   * stylesheets and schema, and warming saxon-js's JIT on a document of that size, which a trivial one does
   * not). The findings are not read; a failure shows again on a real check. Not at once: a check sent right
   * after the first one would share the two cores with the priming (1.6 -> 2.2 s, bench notes); a pool
   * never idle that long keeps checking whole in one worker.
   */
  private primeSecondWorker(pack: RulePack, request: Omit<RulesRequest, 'id'>): void {
    if (this.pool.workers >= 2 || this.primeWaiting) return;
    this.primeWaiting = true;
    this.priming = new Promise<void>((done) => {
      const timer = setTimeout(() => {
        this.primeWaiting = false;
        const parts = this.partsOf(pack, request.profile, true);
        if (this.pool.workers >= 2 || parts === null) return done();
        const [own, first] = parts as [ProfilePart, ProfilePart];
        const trivial = { ...request, xml: PRIMING_XML, part: first };
        Promise.all([
          this.pool.submit({ request: trivial, pack, large: false }),
          this.pool.submit({ request: { ...request, part: own }, pack, large: false }),
        ]).then(
          () => done(),
          () => done(),
        );
      }, PRIME_DELAY_MS);
      timer.unref();
    });
  }

  /** Settles when the second worker has run its part (at once when none is waiting or running). */
  primed(): Promise<void> {
    return this.priming;
  }

  /** Workers running now: none until the first check, then as many as checks have needed at once. */
  get workers(): number {
    return this.pool.workers;
  }

  close(): void {
    this.pool.close();
  }
}

/**
 * One check's answer from its parts' answers: the XML Schema step first, then the rulesets in the
 * profile's order, each with its findings in the order its part reported them, as a whole check lists them.
 */
export function mergeParts(profileRulesets: readonly string[], parts: ProfileResult[]): ProfileResult {
  const runs = parts.flatMap((part) => part.rulesets);
  const order = (id: string) => (id === 'xsd' || id.startsWith('xsd:') ? -1 : profileRulesets.indexOf(id));
  const rulesets = runs.toSorted((a, b) => order(a.id) - order(b.id));
  const violations = parts.flatMap((part) => part.violations);
  const ids = new Set(rulesets.map((run) => run.id));
  return {
    rulesets,
    violations: [
      ...rulesets.flatMap((run) => violations.filter((v) => v.ruleset === run.id)),
      ...violations.filter((v) => !ids.has(v.ruleset)),
    ],
  };
}
