import type { Database as SqliteDatabase } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { type EmbeddedMigration, embeddedMigrations } from './embedded-migrations';

const TABLE = '__drizzle_migrations';

export interface MigrationResult {
  applied: string[];
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
