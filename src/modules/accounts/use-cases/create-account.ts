import type { Db } from '../../../db/client';
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

interface Input {
  name: string;
  planId?: string;
  /** Only create when the database has no account yet (first start); null when one exists. */
  onlyIfNone?: boolean;
}

/** An account and its first API key, committed together: never an account nobody can use. */
export async function createAccount({
  ctx,
  input,
}: {
  ctx: { db: Db; clock: Clock };
  input: Input;
}): Promise<CreatedAccount | null> {
  const name = input.name.trim();
  if (name === '' || name.length > 200) {
    throw validationError([{ loc: 'name', msg: 'name must be 1 to 200 characters', type: 'invalid' }]);
  }
  const planId = input.planId ?? DEFAULT_PLAN_ID;
  return await inTransaction(ctx, async ({ db: tx }) => {
    if (input.onlyIfNone && (await countAccounts(tx)) > 0) return null;
    if (!(await findPlan(tx, planId))) {
      throw validationError([{ loc: 'plan', msg: `unknown plan '${planId}'`, type: 'invalid' }]);
    }
    const now = isoNow(ctx.clock);
    const id = newId('acc');
    await insertAccount(tx, { id, name, planId, disabledAt: null, createdAt: now, updatedAt: now });
    const key = await issueApiKey({ ctx: { db: tx, clock: ctx.clock }, input: { accountId: id } });
    const account = await findAccountWithPlan(tx, id);
    if (!account) throw new Error('account vanished inside its own transaction');
    return { account, key };
  });
}
