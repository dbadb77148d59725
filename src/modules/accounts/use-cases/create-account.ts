import type { Db, DbOrTx } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { Clock } from '../../../shared/clock';
import { isoNow } from '../../../shared/clock';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type IssuedKey, issueApiKey } from '../../api-keys';
import { DEFAULT_PLAN_ID, findPlan } from '../../plans';
import { type AccountWithPlan, countAccounts, findAccountWithPlan, insertAccount } from '../repo';

export interface CreatedAccount {
  account: AccountWithPlan;
  key: IssuedKey;
}

/**
 * Where a caller's refused fields are named (a 422's `details.fields[].loc`): a request's own names
 * (`body.name`, `body.plan_id`, as every 422 of the API says them), or the CLI's flags.
 */
export interface AccountFieldNames {
  name: string;
  plan: string;
}

/** An office's `POST /api/v1/accounts {name, plan_id}` (docs/office.md). */
export const REQUEST_FIELDS: AccountFieldNames = { name: 'body.name', plan: 'body.plan_id' };
/** `accounts create --name NAME --plan PLAN_ID` (and the first start, which passes its own name). */
export const CLI_FIELDS: AccountFieldNames = { name: '--name', plan: '--plan' };

interface Input {
  name: string;
  planId?: string;
  /** An office (docs/office.md): its owners and admins create client accounts. */
  office?: boolean;
  /** Only create when the database has no account yet (first start); null when one exists. */
  onlyIfNone?: boolean;
  /** How a refused name or plan is named: the CLI's flags unless a request's names are given. */
  fields?: AccountFieldNames;
}

/**
 * An account and its first API key, committed together: never an account nobody can use. The CLI's
 * `accounts create` and the first start: a refused name or plan is named by its flag (`--name`, `--plan`).
 */
export async function createAccount({
  ctx,
  input,
}: {
  ctx: { db: Db; clock: Clock };
  input: Input;
}): Promise<CreatedAccount | null> {
  return await inTransaction(ctx, async ({ db: tx }) => {
    if (input.onlyIfNone && (await countAccounts(tx)) > 0) return null;
    const account = await insertNewAccount({ db: tx, clock: ctx.clock }, input, input.fields ?? CLI_FIELDS);
    const key = await issueApiKey({
      ctx: { db: tx, clock: ctx.clock },
      input: { accountId: account.account.id },
    });
    return { account, key };
  });
}

/**
 * A new account without a key, in the caller's transaction: createAccount's, or an office's client
 * (docs/office.md), whose people sign in. 422 for a blank name or an unknown plan, named as `at` says (by
 * default as a request names them: `body.name`, `body.plan_id`).
 */
export async function insertNewAccount(
  ctx: { db: DbOrTx; clock: Clock },
  input: { name: string; planId?: string; office?: boolean },
  at: AccountFieldNames = REQUEST_FIELDS,
): Promise<AccountWithPlan> {
  const name = input.name.trim();
  if (name === '' || name.length > 200) {
    throw validationError([{ loc: at.name, msg: 'name must be 1 to 200 characters', type: 'invalid' }]);
  }
  const planId = input.planId ?? DEFAULT_PLAN_ID;
  if (!(await findPlan(ctx.db, planId))) {
    throw validationError([{ loc: at.plan, msg: `unknown plan '${planId}'`, type: 'invalid' }]);
  }
  const now = isoNow(ctx.clock);
  const id = newId('acc');
  await insertAccount(ctx.db, {
    id,
    name,
    planId,
    disabledAt: null,
    office: input.office ?? false,
    createdAt: now,
    updatedAt: now,
  });
  const account = await findAccountWithPlan(ctx.db, id);
  if (!account) throw new Error('account vanished inside its own transaction');
  return account;
}
