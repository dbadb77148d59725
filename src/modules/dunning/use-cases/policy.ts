import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import type { PutDunningPolicyBody } from '../model';
import { DEFAULT_LEVELS, DEFAULT_LEVELS_EN, levelProblems } from '../policy';
import { findPolicy, upsertPolicy } from '../repo';
import type { DunningLevel } from '../schema';

export interface EffectivePolicy {
  enabled: boolean;
  levels: DunningLevel[];
  /** Null while the account has saved none (the defaults). */
  updatedAt: string | null;
}

/**
 * The account's policy, or the defaults (disabled) while it has saved none: German, or English for a
 * document in English (`language`), since nobody chose their words yet.
 */
export async function readPolicy(ctx: AccountCtx, language?: string): Promise<EffectivePolicy> {
  const row = await findPolicy(ctx.db, ctx.accountId);
  if (row) return { enabled: row.enabled, levels: row.levels, updatedAt: row.updatedAt };
  return { enabled: false, levels: language === 'en' ? DEFAULT_LEVELS_EN : DEFAULT_LEVELS, updatedAt: null };
}

async function savePolicyInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: PutDunningPolicyBody;
}): Promise<EffectivePolicy> {
  const { levels, problems } = levelProblems(input.levels);
  if (problems.length > 0) throw validationError(problems);
  const row = await upsertPolicy(ctx.db, {
    accountId: ctx.accountId,
    enabled: input.enabled,
    levels,
    updatedAt: isoNow(ctx.clock),
  });
  return { enabled: row.enabled, levels: row.levels, updatedAt: row.updatedAt };
}

export const savePolicy = transactional(savePolicyInTransaction);
