import type { Config } from '../config';
import type { DbHandle } from '../db/client';
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
import { openInstallation } from './runtime';

type Out = (line: string) => void;

export async function accountsCommand(config: Config, args: ParsedArgs, out: Out): Promise<void> {
  const [, sub, accountId, planId] = args.positionals;
  // The words are checked before the data dir is opened: a usage error says what is wrong with them.
  const json = args.switches.has('json');
  if (sub === 'create') {
    const input = {
      name: requireFlag(args, 'name'),
      planId: args.flags.plan,
      office: args.switches.has('office'),
    };
    return withDb(config, async (db) => {
      const created = await createAccount({ ctx: { db, clock: systemClock }, input });
      if (!created) throw new Error('account was not created');
      const account = presentAccount(created.account);
      const apiKey = presentIssuedKey(created.key.row, created.key.apiKey);
      if (json) {
        out(JSON.stringify({ account, api_key: apiKey }));
      } else {
        out(`Created account "${account.name}" (${account.id}) on plan ${account.plan_name}.`);
        out(`API key, shown only now, keep it safe: ${apiKey.api_key}`);
      }
    });
  }
  if (sub === 'disable' || sub === 'enable') {
    if (!accountId) throw new UsageError(`accounts ${sub} needs an ACCOUNT_ID`);
    return withDb(config, async (db) => {
      await setAccountEnabled({
        ctx: { db, clock: systemClock },
        input: { accountId, enabled: sub === 'enable' },
      });
      const account = await findAccountWithPlan(db, accountId);
      if (json && account)
        out(JSON.stringify({ account: presentAccount(account), enabled: sub === 'enable' }));
      else out(`Account ${accountId} ${sub === 'enable' ? 'enabled' : 'disabled'}.`);
    });
  }
  if (sub === 'set-plan') {
    if (!accountId || !planId) throw new UsageError('accounts set-plan needs ACCOUNT_ID PLAN_ID');
    return withDb(config, async (db) => {
      const ctx = { db, clock: systemClock };
      const account = presentAccount(await setAccountPlan({ ctx, input: { accountId, planId } }));
      if (json) out(JSON.stringify({ account }));
      else out(`Account ${account.id} is now on plan ${account.plan_name} (${account.plan_id}).`);
    });
  }
  if (sub === 'office') {
    // `accounts office ACCOUNT_ID on|off`: whether its owners and admins create client accounts.
    const value = args.positionals[3];
    if (!accountId || (value !== 'on' && value !== 'off')) {
      throw new UsageError('accounts office needs ACCOUNT_ID on|off');
    }
    return withDb(config, async (db) => {
      const row = await setAccountOffice(db, accountId, value === 'on', isoNow(systemClock));
      const account = row ? await findAccountWithPlan(db, accountId) : undefined;
      if (!account) throw new UsageError(`no account ${accountId}`);
      if (json) out(JSON.stringify({ account: presentAccount(account) }));
      else out(`Account ${accountId} is ${value === 'on' ? 'now an office' : 'no longer an office'}.`);
    });
  }
  throw new UsageError(
    `unknown accounts command "${sub ?? ''}": use create, disable, enable, set-plan or office`,
  );
}

/** The installation's database for `work`, closed afterwards. */
async function withDb(config: Config, work: (db: DbHandle['db']) => Promise<void>): Promise<void> {
  const handle = await openInstallation(config);
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
}
