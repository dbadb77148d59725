import type { Database as SqliteDatabase } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { VERSION_LABEL } from '../version';
import { type EmbeddedMigration, embeddedMigrations } from './embedded-migrations';

const TABLE = '__drizzle_migrations';

export interface MigrationResult {
  applied: string[];
}

/**
 * A database a newer version has migrated (its last migration is later than any this one knows) is not
 * one this version may serve: its code would meet tables it does not know (a NOT NULL column it never
 * fills: every write a 500). Refused before anything is applied, as `backup` and `restore` refuse it.
 */
export function refuseNewerDatabase(last: number | null, migrations: readonly EmbeddedMigration[]): void {
  const known = Math.max(0, ...migrations.map((m) => m.createdAt));
  if (last === null || last <= known) return;
  throw new Error(
    `the database belongs to a newer version of invoice-service: its last migration is from ${new Date(last).toISOString()}, this version, ${VERSION_LABEL}, knows none after ${new Date(known).toISOString()}; run the version that migrated it`,
  );
}

/**
 * Applies the migrations embedded in the executable. Unlike drizzle's migrator, the check of what is
 * applied happens inside a write-locked (IMMEDIATE) transaction, so a server and the admin CLI starting
 * on the same data dir at once cannot both apply the same migration. The bookkeeping table is drizzle's,
 * so drizzle-kit still recognises the database.
 * SQLITE-ONLY: runs on the raw bun:sqlite handle before the port serves queries; PostgreSQL needs its own
 * migrations and an advisory lock (issue 26).
 */
export function migrate(
  sqlite: SqliteDatabase,
  migrations: EmbeddedMigration[] = embeddedMigrations,
): MigrationResult {
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)`,
  );
  const applied: string[] = [];
  const run = sqlite.transaction(() => {
    const last = sqlite.query(`SELECT MAX(created_at) AS last FROM ${TABLE}`).get() as {
      last: number | null;
    };
    refuseNewerDatabase(last.last === null ? null : Number(last.last), migrations);
    for (const m of migrations) {
      if (last.last !== null && Number(last.last) >= m.createdAt) continue;
      for (const statement of m.sql.split('--> statement-breakpoint')) {
        if (statement.trim() !== '') sqlite.exec(statement);
      }
      const hash = createHash('sha256').update(m.sql).digest('hex');
      sqlite.query(`INSERT INTO ${TABLE} (hash, created_at) VALUES (?, ?)`).run(hash, m.createdAt);
      applied.push(m.tag);
    }
  });
  run.immediate();
  return { applied };
}
