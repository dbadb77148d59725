import type { RulePack } from '../einvoicing/rule-pack';
import { EXPECTED_RULESETS, isServiceProfile } from '../einvoicing/rule-pack-defaults';
import type { Violation } from '../einvoicing/rules/types';
import type { ProfileResult, RunOptions } from '../einvoicing/schematron';
import { XmlInputError, type XmlInputProblem } from '../einvoicing/xsd/xml-input';
import { workerEntry } from './entry';
import { MemoryWatch } from './memory-watch';

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
  | { id: number; error: string };

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

interface Job {
  request: RulesRequest;
  pack: RulePack;
  /** A large document (LARGE_XML_CHARS): alone among large ones, and its worker replaced afterwards. */
  large: boolean;
  resolve(result: ProfileResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: Timer | null;
  /** What this worker ran last (profileKey): it has those stylesheets loaded and its JIT warmed on them. */
  last: string | null;
}

/** The stylesheets a request needs: a free worker that ran the same profile before is preferred. */
function profileKey(request: RulesRequest): string {
  return `${request.packDir}|${request.profile}`;
}

/**
 * A fixed pool of workers for tier-2 checks, each check whole in one worker (XSD and every ruleset): two
 * workers running two parts of one check at once spent twice the CPU, most of it in the JIT recompiling
 * saxon-js in both, and answered later (bench/README.md). Each check has a time limit: a worker still
 * busy when it passes is terminated (saxon-js cannot be interrupted otherwise) and replaced, and the check
 * answers `cutShortResult`. Jobs queue in order; a crashed worker fails only its own job.
 */
export class RulesPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  private readonly memory: MemoryWatch;

  constructor(
    private readonly size: number,
    private readonly timeLimitMs: number,
    /** While checks run, process RSS above this cuts the running checks short (workers share the process). */
    memoryLimitBytes: number = Number.POSITIVE_INFINITY,
    /** The worker script (tests give one that misbehaves on purpose). */
    private readonly entry: string = workerEntry('rules-worker'),
    /** From this many characters of XML a document is large (tests make small ones large). */
    private readonly largeXmlChars: number = LARGE_XML_CHARS,
  ) {
    this.memory = new MemoryWatch(
      memoryLimitBytes,
      () => this.slots.some((s) => s.job !== null),
      () => {
        for (const slot of this.slots.filter((s) => s.job !== null)) {
          this.cutShort(slot, { kind: 'memory', bytes: memoryLimitBytes });
        }
      },
    );
  }

  readonly run: ProfileRunner = async (pack, profile, xml, options = {}) => {
    // A worker starts now if none is free, so that it loads saxon-js while the embedded pack's files are
    // written to the data dir on its first use (rule-pack-store.ts). Only one: a second worker loading
    // saxon-js beside the first check would take CPU from it (2 cores); it starts when a check waits.
    if (!this.slots.some((s) => s.job === null)) this.grow();
    await pack.prepare?.();
    return this.submit(pack, profile, xml, options);
  };

  /** Workers running now: none until the first check, then as many as checks have needed at once. */
  get workers(): number {
    return this.slots.length;
  }

  private submit(pack: RulePack, profile: string, xml: string, options: RunOptions): Promise<ProfileResult> {
    return new Promise<ProfileResult>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('the rules pool is closed'));
        return;
      }
      const request: RulesRequest = {
        id: this.nextId++,
        packDir: pack.dir,
        profile,
        xml,
        cacheDir: options.cacheDir ?? null,
        ...(options.customizationId === undefined ? {} : { customizationId: options.customizationId }),
      };
      this.queue.push({ request, pack, large: xml.length >= this.largeXmlChars, resolve, reject });
      this.dispatch();
    });
  }

  close(): void {
    this.closed = true;
    this.memory.stop();
    for (const slot of this.slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.job?.reject(new Error('the rules pool closed'));
      slot.worker.terminate();
    }
    for (const job of this.queue.splice(0)) job.reject(new Error('the rules pool closed'));
  }

  /** One more worker, unless the pool is full or closed. */
  private grow(): Slot | null {
    if (this.closed || this.slots.length >= this.size) return null;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry), job: null, timer: null, last: null };
    slot.worker.onmessage = (event: MessageEvent<RulesReply>) => this.finish(slot, event.data);
    slot.worker.onerror = (event) => this.replace(slot, new Error(`rules worker failed: ${event.message}`));
    return slot;
  }

  private dispatch(): void {
    for (;;) {
      // In order, except that a large document waits while another one runs (others go past it).
      const largeRunning = this.slots.some((s) => s.job?.large === true);
      const next = this.queue.findIndex((j) => !(j.large && largeRunning));
      if (next < 0) break;
      const free = this.slots.filter((s) => s.job === null);
      if (free.length === 0) {
        // Workers start when a check needs one, up to the pool's size (none with the server).
        const grown = this.grow();
        if (grown === null) break;
        free.push(grown);
      }
      const job = this.queue.splice(next, 1)[0] as Job;
      const key = profileKey(job.request);
      const slot = free.find((s) => s.last === key) ?? free.find((s) => s.last === null) ?? (free[0] as Slot);
      slot.last = key;
      slot.job = job;
      slot.timer = setTimeout(
        () => this.cutShort(slot, { kind: 'time', ms: this.timeLimitMs }),
        this.timeLimitMs,
      );
      slot.worker.postMessage(job.request);
    }
    this.memory.update();
  }

  private finish(slot: Slot, reply: RulesReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if ('result' in reply) job.resolve(reply.result);
    else if ('input' in reply) {
      const { code, message, line, column } = reply.input;
      job.reject(new XmlInputError(code, message, line, column));
    } else job.reject(new Error(reply.error));
    // A worker does not give back the memory a large document made it grow to; a fresh one starts small.
    if (job.large) this.replace(slot, null);
    else this.dispatch();
  }

  private cutShort(slot: Slot, reason: CutShortReason): void {
    const job = slot.job;
    slot.job = null;
    this.replace(slot, null);
    job?.resolve(cutShortResult(job.pack, job.request.profile, reason));
  }

  /** Terminates the slot's worker and starts a fresh one in its place; its job (if any) fails with `error`. */
  private replace(slot: Slot, error: Error | null): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (error) slot.job?.reject(error);
    slot.job = null;
    slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    this.dispatch();
  }
}
