import type { DbOrTx } from './port';

/**
 * A query built once per database handle instead of on every call: drizzle's `.prepare()` over
 * `sql.placeholder(...)` values. Building a select names every column of its tables and costs 100-200 µs
 * on the main thread (a key with its account and plan), several times what running it costs; the
 * prepared one is run with its values (`.get({ lookup })`). For the statements every request runs
 * (bench/README.md, issue 42 §5); both engines take it, inside a transaction too (the handle's callback
 * finds the open one).
 */
export function preparedPerHandle<Prepared>(build: (db: DbOrTx) => Prepared): (db: DbOrTx) => Prepared {
  const built = new WeakMap<DbOrTx, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
