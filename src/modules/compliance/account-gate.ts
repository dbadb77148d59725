import { DomainError } from '../../shared/errors';

/**
 * How many tier-2 checks one account may have running at once. `validate-compliance` uses no quota, so
 * without this one account could keep every rules worker busy and queue everyone else behind it.
 */
export class AccountGate {
  private readonly running = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Runs `work` holding one of the account's places; 429 `rate_limited` when all are taken. */
  async hold<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const now = this.running.get(accountId) ?? 0;
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
    }
  }
}
