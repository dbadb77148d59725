import type { RulePack } from '../einvoicing/rule-pack';
import { EXPECTED_RULESETS, isServiceProfile } from '../einvoicing/rule-pack-defaults';
import type { Violation } from '../einvoicing/rules/types';
import type { ProfileResult, RunOptions } from '../einvoicing/schematron';
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

/** A check waiting or running: its request (the pool adds the id), and the pack its cut-short answer names. */
interface Check {
  request: Omit<RulesRequest, 'id'>;
  pack: RulePack;
  /** A large document (LARGE_XML_CHARS): alone among large ones, and its worker replaced afterwards. */
  large: boolean;
}

/**
 * A fixed pool of workers for tier-2 checks, each check whole in one worker (XSD and every ruleset): two
 * workers running two parts of one check at once spent twice the CPU, most of it in the JIT recompiling
 * saxon-js in both, and answered later (bench/README.md). Each check has a time limit: a worker still
 * busy when it passes is terminated (saxon-js cannot be interrupted otherwise) and replaced, and the check
 * answers `cutShortResult`. Jobs queue in order; a crashed worker fails only its own job.
 */
export class RulesPool {
  private readonly pool: WorkerPool<Check, ProfileResult, RulesReply>;

  constructor(
    size: number,
    timeLimitMs: number,
    /** While checks run, process RSS above this cuts the running checks short (workers share the process). */
    memoryLimitBytes: number = Number.POSITIVE_INFINITY,
    /** The worker script (tests give one that misbehaves on purpose). */
    entry: string = workerEntry('rules-worker'),
    /** From this many characters of XML a document is large (tests make small ones large). */
    private readonly largeXmlChars: number = LARGE_XML_CHARS,
    /** How long a fresh worker may take to load a profile's rules before its check starts. */
    loadLimitMs: number = Math.max(RULES_LOAD_LIMIT_MS, timeLimitMs),
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
      // The stylesheets a check needs: a free worker that ran the same profile before is preferred.
      affinity: ({ request }) => `${request.packDir}|${request.profile}`,
      // A worker does not give back the memory a large document made it grow to; a fresh one starts small.
      replaceAfter: (check) => check.large,
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
      limit: (check, hit) => ({ value: cutShortResult(check.pack, check.request.profile, hit) }),
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
    return this.pool.submit({ request, pack, large: xml.length >= this.largeXmlChars });
  };

  /** Workers running now: none until the first check, then as many as checks have needed at once. */
  get workers(): number {
    return this.pool.workers;
  }

  close(): void {
    this.pool.close();
  }
}
