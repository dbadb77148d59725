// `npm run db:generate -- <name>`: both engines' migrations for the tables as the modules' schema.ts files
// now declare them, under one name: drizzle-kit writes SQLite's (migrations/00NN_<name>.sql), the PostgreSQL
// schema is derived from the same tables (scripts/pg-schema.ts), drizzle-kit writes PostgreSQL's
// (migrations/pg/000N_<name>.sql), and both sets are embedded (src/db/embedded-migrations.ts). A change
// that leaves the tables as they are writes nothing.
const name = process.argv[2] ?? '';
if (!/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error(
    'usage: npm run db:generate -- <name>   (snake_case, e.g. cost_centres or documents_project_id)',
  );
  process.exit(2);
}

function run(command: string[]): void {
  const result = Bun.spawnSync(command, { stdout: 'inherit', stderr: 'inherit' });
  if (result.exitCode !== 0) {
    console.error(`failed: ${command.join(' ')}`);
    process.exit(result.exitCode ?? 1);
  }
}

const bin = (tool: string) => `${import.meta.dir}/../node_modules/.bin/${tool}`;
run([bin('drizzle-kit'), 'generate', '--name', name]);
run([process.execPath, `${import.meta.dir}/pg-schema.ts`]);
run([bin('drizzle-kit'), 'generate', '--config', 'drizzle.pg.config.ts', '--name', name]);
run([process.execPath, `${import.meta.dir}/embed-migrations.ts`]);
