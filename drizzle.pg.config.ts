import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL migrations, from the schema scripts/pg-schema.ts derives from the sqlite-core ones. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './migrations/pg/schema.ts',
  out: './migrations/pg',
});
