import type { DbOrTx } from '../../db/client';
import { findAccountWithPlan } from '../accounts';
import { findPlan } from '../plans';
import type { OverageTerms } from './overage';
import { findOverageSettings } from './repo';

/** The account's overage choice together with its current plan's price (read fresh: plans change). */
export async function overageTermsOf(db: DbOrTx, accountId: string, planId?: string): Promise<OverageTerms> {
  const settings = await findOverageSettings(db, accountId);
  const plan = await findPlan(db, planId ?? (await findAccountWithPlan(db, accountId))?.account.planId ?? '');
  return {
    enabled: settings?.enabled ?? false,
    cap: settings?.cap ?? null,
    centsPerRender: plan?.overageCentsPerRender ?? null,
  };
}
