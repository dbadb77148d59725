import type { Config } from '../config';
import {
  createAccount,
  findAccountWithPlan,
  presentAccount,
  setAccountEnabled,
  setAccountOffice,
  setAccountPlan,
} from '../modules/accounts';
import { presentIssuedKey } from '../modules/api-keys';
import { isoNow, systemClock } from '../shared/clock';
import { type ParsedArgs, requireFlag, UsageError } from './args';
import { openDataDir } from './runtime';

export async function accountsCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<void> {
  const [, sub, accountId, planId] = args.positionals;
  const handle = await openDataDir(config);
  const ctx = { db: handle.db, clock: systemClock };
  try {
    if (sub === 'create') {
      const created = await createAccount({
        ctx,
        input: {
          name: requireFlag(args, 'name'),
          planId: args.flags.plan,
          office: args.switches.has('office'),
        },
      });
      if (!created) throw new Error('account was not created');
      const account = presentAccount(created.account);
      const apiKey = presentIssuedKey(created.key.row, created.key.apiKey);
      if (args.switches.has('json')) {
        out(JSON.stringify({ account, api_key: apiKey }));
      } else {
        out(`Created account "${account.name}" (${account.id}) on plan ${account.plan_name}.`);
        out(`API key, shown only now, keep it safe: ${apiKey.api_key}`);
      }
      return;
    }
    if (sub === 'disable' || sub === 'enable') {
      if (!accountId) throw new UsageError(`accounts ${sub} needs an ACCOUNT_ID`);
      await setAccountEnabled({ ctx, input: { accountId, enabled: sub === 'enable' } });
      const account = await findAccountWithPlan(handle.db, accountId);
      if (args.switches.has('json') && account)
        out(JSON.stringify({ account: presentAccount(account), enabled: sub === 'enable' }));
      else out(`Account ${accountId} ${sub === 'enable' ? 'enabled' : 'disabled'}.`);
      return;
    }
    if (sub === 'set-plan') {
      if (!accountId || !planId) throw new UsageError('accounts set-plan needs ACCOUNT_ID PLAN_ID');
      const account = presentAccount(await setAccountPlan({ ctx, input: { accountId, planId } }));
      if (args.switches.has('json')) out(JSON.stringify({ account }));
      else out(`Account ${account.id} is now on plan ${account.plan_name} (${account.plan_id}).`);
      return;
    }
    if (sub === 'office') {
      // `accounts office ACCOUNT_ID on|off`: whether its owners and admins create client accounts.
      const value = args.positionals[3];
      if (!accountId || (value !== 'on' && value !== 'off')) {
        throw new UsageError('accounts office needs ACCOUNT_ID on|off');
      }
      const row = await setAccountOffice(handle.db, accountId, value === 'on', isoNow(systemClock));
      const account = row ? await findAccountWithPlan(handle.db, accountId) : undefined;
      if (!account) throw new UsageError(`no account ${accountId}`);
      if (args.switches.has('json')) out(JSON.stringify({ account: presentAccount(account) }));
      else out(`Account ${accountId} is ${value === 'on' ? 'now an office' : 'no longer an office'}.`);
      return;
    }
    throw new UsageError(
      `unknown accounts command "${sub ?? ''}": use create, disable, enable, set-plan or office`,
    );
  } finally {
    await handle.close();
  }
}
