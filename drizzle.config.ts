import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: [
    './src/modules/*/schema.ts',
    './src/http/*.schema.ts',
    './src/jobs/schema.ts',
    './src/jobs/*.schema.ts',
  ],
  out: './migrations',
});
