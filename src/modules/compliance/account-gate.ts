import { DomainError } from '../../shared/errors';

/**
 * How many tier-2 checks one account may have running at once, on every path that runs the official rules
 * (`validate-compliance`, and receiving: parse, visualize, received-documents, the inbox folder). Without it
 * one account could keep every rules worker busy and queue everyone else behind it.
 */
export class AccountGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly perAccount: number) {}

  /** The account's checks running now. */
  runningFor(accountId: string): number {
    return this.running.get(accountId) ?? 0;
  }

  /** The account's checks waiting for a place (background intake). */
  waitingFor(accountId: string): number {
    return this.waiting.get(accountId)?.length ?? 0;
  }

  /**
   * Runs `work` holding one of the account's places. When all are taken: 429 `rate_limited` for a caller
   * who can retry (HTTP), or, with `wait`, in line behind the account's own checks (background work such as
   * the inbox folder, which has nobody to retry for it).
   */
  async hold<T>(accountId: string, work: () => Promise<T>, options: { wait?: boolean } = {}): Promise<T> {
    while (options.wait && this.runningFor(accountId) >= this.perAccount) {
      await new Promise<void>((resolve) => {
        const line = this.waiting.get(accountId) ?? [];
        line.push(resolve);
        this.waiting.set(accountId, line);
      });
    }
    const now = this.runningFor(accountId);
    if (now >= this.perAccount) {
      throw new DomainError(
        'rate_limited',
        `At most ${this.perAccount} compliance checks of an account run at once; retry when one has finished`,
        { concurrent_checks: this.perAccount, retry_after_seconds: 1 },
        { 'Retry-After': '1' },
      );
    }
    this.running.set(accountId, now + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
      const line = this.waiting.get(accountId);
      line?.shift()?.();
      if (line?.length === 0) this.waiting.delete(accountId);
    }
  }
}
