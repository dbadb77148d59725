import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import { type EmbeddedMigration, embeddedPostgresMigrations } from './embedded-migrations';
import { type MigrationResult, refuseNewerDatabase } from './migrate';

/** Any constant: every instance of the service takes the same advisory lock to migrate. */
const MIGRATION_LOCK = 7_265_011_026;

/**
 * Applies the embedded PostgreSQL migrations under a session advisory lock, so instances starting together
 * migrate once (the others wait, then find nothing to do). Each migration commits with its bookkeeping row,
 * in drizzle's own table (`drizzle.__drizzle_migrations`), so drizzle-kit recognises the database.
 */
export async function migratePostgres(
  client: postgres.Sql,
  migrations: EmbeddedMigration[] = embeddedPostgresMigrations,
): Promise<MigrationResult> {
  const connection = await client.reserve();
  const applied: string[] = [];
  try {
    await connection.unsafe('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await connection.unsafe('CREATE SCHEMA IF NOT EXISTS drizzle');
    await connection.unsafe(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const [row] = await connection.unsafe(
      'SELECT MAX(created_at)::text AS last FROM drizzle.__drizzle_migrations',
    );
    const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
    refuseNewerDatabase(last, migrations);
    for (const m of migrations) {
      if (last !== null && last >= m.createdAt) continue;
      await connection.unsafe('BEGIN');
      try {
        for (const statement of m.sql.split('--> statement-breakpoint')) {
          if (statement.trim() !== '') await connection.unsafe(statement);
        }
        const hash = createHash('sha256').update(m.sql).digest('hex');
        await connection.unsafe(
          'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
          [hash, m.createdAt],
        );
        await connection.unsafe('COMMIT');
      } catch (error) {
        await connection.unsafe('ROLLBACK');
        throw error;
      }
      applied.push(m.tag);
    }
  } finally {
    await connection.unsafe('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    connection.release();
  }
  return { applied };
}
