import { asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlanRow, plans } from './schema';

export interface PlanInput {
  id: string;
  name: string;
  priceId?: string | null;
  /** Cents per render beyond the quota, a decimal string; null = no overage on this plan. */
  overageCentsPerRender?: string | null;
  monthlyRenderQuota: number;
  requestsPerSecond: number;
}

export async function findPlan(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  return await db.select().from(plans).where(eq(plans.id, id)).get();
}

export async function listPlans(db: DbOrTx): Promise<PlanRow[]> {
  return await db.select().from(plans).orderBy(asc(plans.monthlyRenderQuota), asc(plans.id)).all();
}

/** The plan a provider price buys; price ids are unique in practice, the smallest plan wins otherwise. */
export async function findPlanByPriceId(db: DbOrTx, priceId: string): Promise<PlanRow | undefined> {
  return await db
    .select()
    .from(plans)
    .where(eq(plans.priceId, priceId))
    .orderBy(asc(plans.monthlyRenderQuota), asc(plans.id))
    .get();
}

/** Plans a customer can buy: those wired to a provider price. */
export async function listPurchasablePlans(db: DbOrTx): Promise<PlanRow[]> {
  return await db
    .select()
    .from(plans)
    .where(isNotNull(plans.priceId))
    .orderBy(asc(plans.monthlyRenderQuota), asc(plans.id))
    .all();
}

export async function insertPlanIfAbsent(db: DbOrTx, input: PlanInput, now: string): Promise<void> {
  await db
    .insert(plans)
    .values({
      ...input,
      priceId: input.priceId ?? null,
      overageCentsPerRender: input.overageCentsPerRender ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
}

export async function upsertPlan(db: DbOrTx, input: PlanInput, now: string): Promise<PlanRow> {
  const values = {
    name: input.name,
    monthlyRenderQuota: input.monthlyRenderQuota,
    requestsPerSecond: input.requestsPerSecond,
    ...(input.priceId !== undefined ? { priceId: input.priceId } : {}),
    ...(input.overageCentsPerRender !== undefined
      ? { overageCentsPerRender: input.overageCentsPerRender }
      : {}),
    updatedAt: now,
  };
  return await db
    .insert(plans)
    .values({
      id: input.id,
      priceId: input.priceId ?? null,
      overageCentsPerRender: input.overageCentsPerRender ?? null,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({ target: plans.id, set: values })
    .returning()
    .get();
}
