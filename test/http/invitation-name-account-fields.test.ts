// Where a refused account name or plan is named (a 422's `details.fields[].loc`): the accounts module
// speaks a request's own names (`body.name`, `body.plan_id`, as the spec's envelope does) without its HTTP
// caller mapping them, and the CLI's flags (`--name`, `--plan`, `PLAN_ID`) for the operator's commands, so
// its message stays readable. (Beside the invitation-name tests: the same change set, issue of POST /accounts.)
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, insertNewAccount, setAccountPlan } from '../../src/modules/accounts';
import { systemClock } from '../../src/shared/clock';
import { DomainError } from '../../src/shared/errors';
import { makeAccount, type TestAccount } from '../factories';
import { runCli, startServer, type TestServer, tempDir } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

let server: TestServer;
let office: TestAccount;
let cookie: string;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Steuerbüro Acker', office: true });
  const owner = await makeUser(server, office.id, { role: 'owner' });
  cookie = await signIn(server, owner.email);
});
afterAll(async () => {
  await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function refusedLocs(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  const fields = ((error as DomainError).details?.fields ?? []) as { loc: string }[];
  return fields.map((field) => field.loc);
}

describe('a refused account name or plan', () => {
  test('insertNewAccount names them as a request does: body.name, body.plan_id', async () => {
    const ctx = { db: server.db, clock: systemClock };
    expect(await refusedLocs(insertNewAccount(ctx, { name: '  ' }))).toEqual(['body.name']);
    expect(await refusedLocs(insertNewAccount(ctx, { name: 'Hofladen', planId: 'plan_gold' }))).toEqual([
      'body.plan_id',
    ]);
  });

  test("the operator's commands name their flags: --name, --plan, PLAN_ID", async () => {
    const ctx = { db: server.db, clock: systemClock };
    expect(await refusedLocs(createAccount({ ctx, input: { name: '' } }))).toEqual(['--name']);
    expect(await refusedLocs(createAccount({ ctx, input: { name: 'X', planId: 'plan_gold' } }))).toEqual([
      '--plan',
    ]);
    expect(
      await refusedLocs(setAccountPlan({ ctx, input: { accountId: office.id, planId: 'plan_gold' } })),
    ).toEqual(['PLAN_ID']);
  });

  test('POST /accounts answers body.name and body.plan_id', async () => {
    const create = (body: Record<string, unknown>) =>
      server.json('/api/v1/accounts', { method: 'POST', headers: fromConsole(server, cookie), body });
    const blank = await create({ name: ' ', owner_email: 'chef@hof.example' });
    expect(blank.status).toBe(422);
    expect(blank.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.name']);
    const plan = await create({ name: 'Hof', owner_email: 'chef@hof.example', plan_id: 'plan_gold' });
    expect(plan.status).toBe(422);
    expect(plan.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.plan_id']);
  });

  test('the CLI says which of its words is wrong', () => {
    const root = tempDir();
    dirs.push(root);
    const dir = join(root, 'data');
    mkdirSync(dir, { recursive: true });
    expect(runCli(['migrate', '--create'], { DATA_DIR: dir }).code).toBe(0);
    const plan = runCli(['accounts', 'create', '--name', 'X', '--plan', 'plan_nope'], { DATA_DIR: dir });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("--plan: unknown plan 'plan_nope'");
    const setPlan = runCli(['accounts', 'set-plan', 'acc_none', 'plan_nope'], { DATA_DIR: dir });
    expect(setPlan.code).toBe(1);
    expect(setPlan.stderr).toContain("PLAN_ID: unknown plan 'plan_nope'");
  }, 60_000);
});
