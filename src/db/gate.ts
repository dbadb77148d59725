import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which open transaction an async chain belongs to, for either engine: SQLite's gate keeps an owner token
 * here, PostgreSQL's port the transaction's pooled connection (src/db/postgres.ts).
 */
export const transactionContext = new AsyncLocalStorage<object>();

/**
 * How a transaction is isolated on PostgreSQL. `serializable` (the default): PostgreSQL aborts one of two
 * transactions that read and then write the same thing, and the port runs it again. `read committed`: each
 * statement sees what was committed when it started, and a write waits for a row another transaction holds
 * instead of aborting; only for work whose every decision is a row lock, a unique key, a foreign key or one
 * atomic statement (a document's number: `UPDATE ... RETURNING` under the sequence row's lock). SQLite has
 * one writer: every transaction there is serializable, whatever is asked.
 */
export type Isolation = 'serializable' | 'read committed';

/**
 * The isolation asked for the statements an async chain runs outside any transaction (`atReadCommitted`,
 * src/db/transaction.ts); unset: serializable. Statements inside a transaction take the transaction's.
 */
export const statementIsolation = new AsyncLocalStorage<Isolation>();

/** What `transaction(work, config)` takes on either engine: drizzle's SQLite `behavior`, and the isolation. */
export interface TransactionConfig {
  behavior?: 'deferred' | 'immediate' | 'exclusive';
  isolation?: Isolation;
}

/**
 * Runs `work` as its own async chain, outside any transaction it was started from: for what a transaction
 * schedules to happen after it (a job runtime's wake), so its statements wait for the commit instead of
 * running inside the transaction.
 */
export function outsideTransactions<R>(work: () => R): R {
  return transactionContext.exit(work);
}

/**
 * One connection, many async chains: while a transaction is open, a statement from any other chain would
 * run inside it (and see, or be rolled back with, its uncommitted rows). The gate gives an open transaction
 * the connection for its whole async body: transactions queue behind each other (SQLite has one writer
 * anyway), and a statement from outside the open transaction's async context waits until it ends.
 * SQLite-only: a PostgreSQL pool gives each transaction its own connection and needs no gate.
 */
export class TransactionGate<T> {
  private readonly context = transactionContext;
  private tail: Promise<void> = Promise.resolve();
  private open: { owner: object; ended: Promise<void>; tx: T | undefined } | undefined;

  /** Runs `body` holding the connection until its promise settles. */
  async hold<R>(body: () => Promise<R>): Promise<R> {
    const owner = {};
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => ended);
    await previous;
    this.open = { owner, ended, tx: undefined };
    try {
      return await this.context.run(owner, body);
    } finally {
      this.open = undefined;
      end();
    }
  }

  /** The open transaction's handle when the caller runs inside it (a nested call joins it). */
  joined(): T | undefined {
    return this.inside() ? this.open?.tx : undefined;
  }

  /** Records the handle of the transaction the current context holds. */
  attach(tx: T): void {
    if (this.open && this.inside()) this.open.tx = tx;
  }

  /** Resolves once no transaction of another async context is open. */
  async admit(): Promise<void> {
    while (this.open && !this.inside()) await this.open.ended;
  }

  private inside(): boolean {
    return this.open !== undefined && this.context.getStore() === this.open.owner;
  }
}
