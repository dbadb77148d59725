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

export function findPlan(db: DbOrTx, id: string): PlanRow | undefined {
  return db.select().from(plans).where(eq(plans.id, id)).get();
}

export function listPlans(db: DbOrTx): PlanRow[] {
  return db.select().from(plans).orderBy(asc(plans.monthlyRenderQuota), asc(plans.id)).all();
}

/** The plan a provider price buys; price ids are unique in practice, the smallest plan wins otherwise. */
export function findPlanByPriceId(db: DbOrTx, priceId: string): PlanRow | undefined {
  return db
    .select()
    .from(plans)
    .where(eq(plans.priceId, priceId))
    .orderBy(asc(plans.monthlyRenderQuota), asc(plans.id))
    .get();
}

/** Plans a customer can buy: those wired to a provider price. */
export function listPurchasablePlans(db: DbOrTx): PlanRow[] {
  return db
    .select()
    .from(plans)
    .where(isNotNull(plans.priceId))
    .orderBy(asc(plans.monthlyRenderQuota), asc(plans.id))
    .all();
}

export function insertPlanIfAbsent(db: DbOrTx, input: PlanInput, now: string): void {
  db.insert(plans)
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

export function upsertPlan(db: DbOrTx, input: PlanInput, now: string): PlanRow {
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
  return db
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
