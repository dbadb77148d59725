import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlanRow, plans } from './schema';

export interface PlanInput {
  id: string;
  name: string;
  priceId?: string | null;
  monthlyRenderQuota: number;
  requestsPerSecond: number;
}

export function findPlan(db: DbOrTx, id: string): PlanRow | undefined {
  return db.select().from(plans).where(eq(plans.id, id)).get();
}

export function listPlans(db: DbOrTx): PlanRow[] {
  return db.select().from(plans).orderBy(asc(plans.monthlyRenderQuota), asc(plans.id)).all();
}

export function insertPlanIfAbsent(db: DbOrTx, input: PlanInput, now: string): void {
  db.insert(plans)
    .values({ ...input, priceId: input.priceId ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
}

export function upsertPlan(db: DbOrTx, input: PlanInput, now: string): PlanRow {
  const values = {
    name: input.name,
    monthlyRenderQuota: input.monthlyRenderQuota,
    requestsPerSecond: input.requestsPerSecond,
    ...(input.priceId !== undefined ? { priceId: input.priceId } : {}),
    updatedAt: now,
  };
  return db
    .insert(plans)
    .values({ id: input.id, priceId: input.priceId ?? null, createdAt: now, ...values })
    .onConflictDoUpdate({ target: plans.id, set: values })
    .returning()
    .get();
}
