import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { renameWorkspacesNamed } from '../../workspaces';
import { type AccountWithPlan, findAccountWithPlan, setAccountName } from '../repo';

/**
 * PATCH /account: the account's own name (a first start calls it "Default account"), shown in the console's
 * header, on the setup page and in invitations. Surrounding blanks are dropped; a blank name is a 422.
 */
export async function renameAccount({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { name: string };
}): Promise<AccountWithPlan> {
  const name = input.name.trim();
  if (name === '')
    throw validationError([{ loc: 'body.name', msg: 'name must not be blank', type: 'value_error' }]);
  return await inTransaction(ctx, async (tx) => {
    const before = await findAccountWithPlan(tx.db, tx.accountId);
    if (!before) throw notFound('Account');
    const now = isoNow(tx.clock);
    if (!(await setAccountName(tx.db, tx.accountId, name, now))) throw notFound('Account');
    // The first team is named after the account ("Default account" on a first start): it follows.
    await renameWorkspacesNamed(tx.db, tx.accountId, before.account.name, name, now);
    const account = await findAccountWithPlan(tx.db, tx.accountId);
    if (!account) throw notFound('Account');
    return account;
  });
}
