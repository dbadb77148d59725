import type { Clock } from '../../shared/clock';

export const WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one email within the window before its sign-ins answer 429. */
export const FAILURES_PER_EMAIL = 10;
/**
 * Wrong passwords from one source address within the window: higher than per email, because an office
 * behind one address (or every user behind a reverse proxy) shares it, and ten typos there must not lock
 * everyone out; it stops one address trying a few passwords on many emails.
 */
export const FAILURES_PER_ADDRESS = 50;

/**
 * Counts wrong passwords per email and per source address in a sliding 15-minute window, in memory (as
 * the request rate limits: a restart forgets, a second instance counts its own). Unknown emails count as
 * known ones do, so a lockout says nothing about whether an email has an account.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Seconds until a sign-in for this email from this address may be tried again; 0 = now. */
  retryAfter(email: string, address: string | null): number {
    const now = this.clock.now().getTime();
    let wait = this.waitFor(`email:${email}`, FAILURES_PER_EMAIL, now);
    if (address !== null)
      wait = Math.max(wait, this.waitFor(`address:${address}`, FAILURES_PER_ADDRESS, now));
    return Math.ceil(wait / 1000);
  }

  recordFailure(email: string, address: string | null): void {
    const now = this.clock.now().getTime();
    this.push(`email:${email}`, now);
    if (address !== null) this.push(`address:${address}`, now);
    if (this.failures.size > 10_000) this.prune(now);
  }

  /**
   * Takes a try before its password is checked: answers the seconds to wait when the email or the address
   * is locked, else counts the try as a failure at once and answers 0. Checking and counting happen in one
   * step of the event loop, so forty tries sent together are counted as forty, and the eleventh is refused
   * whatever their passwords (they were all checked, the right one among them, when the count came after
   * the check). A right password then takes its try back (recordSuccess).
   */
  takeTry(email: string, address: string | null): number {
    const wait = this.retryAfter(email, address);
    if (wait === 0) this.recordFailure(email, address);
    return wait;
  }

  /**
   * A right password clears its email's count (not the address's: that one may be guessing others), and
   * gives the address back the try takeTry counted for it.
   */
  recordSuccess(email: string, address: string | null = null): void {
    this.failures.delete(`email:${email}`);
    if (address === null) return;
    const kept = this.failures.get(`address:${address}`);
    if (!kept) return;
    kept.pop();
    if (kept.length === 0) this.failures.delete(`address:${address}`);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private waitFor(key: string, limit: number, now: number): number {
    const kept = this.recent(key, now);
    if (kept.length < limit) return 0;
    // The window slides: one more try is allowed once the oldest failure that keeps it full is 15 min old.
    const oldest = kept[kept.length - limit] ?? now;
    return Math.max(1000, oldest + WINDOW_MS - now);
  }

  private push(key: string, now: number): void {
    const kept = this.recent(key, now);
    kept.push(now);
    this.failures.set(key, kept);
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
