import type { AccountCtx } from '../../../shared/context';
import { findCustomer } from '../../customers';
import { issuedForReports } from '../../documents';
import { listPayments } from '../../payments';
import { receivedForReports, receivedPaymentsForReports } from '../../receiving';
import { type AgeingFigures, ageingOf, type Claim, openPosition } from '../ageing';
import {
  claimOfDocument,
  claimOfReceived,
  settlementOfPayment,
  settlementOfReceivedPayment,
  supplierKey,
} from '../claims';
import { collect, mapPaced, type Pace, pacer, sortPaced } from '../pace';

// localeCompare's order, at a fraction of its cost per comparison (thousands of customers get sorted).
const byName = new Intl.Collator().compare;

/** The receivables' ageing on `asOf`: per currency, and per customer and currency. */
async function receivablesAgeing(ctx: AccountCtx, asOf: string, pace: Pace) {
  const claims = await collect(
    ctx.db,
    (db, page) => issuedForReports(db, ctx.accountId, { issuedTo: asOf }, page),
    claimOfDocument,
    pace,
  );
  const settlements = await collect(
    ctx.db,
    (db, page) => listPayments(db, ctx.accountId, { dateTo: asOf }, page),
    settlementOfPayment,
    pace,
  );
  return await ageingOf(await openPosition(claims, settlements, asOf, pace), pace);
}

/**
 * The report's `currencies` alone (the office overview): computed by the same code as the report, so the
 * two agree to the cent, without naming and sorting every customer.
 */
export async function receivablesTotals({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { asOf: string };
}): Promise<AgeingFigures[]> {
  return (await receivablesAgeing(ctx, input.asOf, pacer())).totals;
}

/** What customers owe on `asOf` (YYYY-MM-DD), per currency and per customer and currency. */
export async function receivablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const pace = pacer();
  const { totals, parties } = await receivablesAgeing(ctx, asOf, pace);
  const names = new Map<string, string>();
  const named = [];
  for (const { partyId, figures } of parties) {
    let name = names.get(partyId);
    if (name === undefined) {
      name = (await findCustomer(ctx.db, ctx.accountId, partyId))?.name ?? '';
      names.set(partyId, name);
    }
    named.push({ customer: { id: partyId, name }, ...figures });
    await pace();
  }
  const customers = await sortPaced(
    named,
    (a, b) => byName(a.customer.name, b.customer.name) || byName(a.currency, b.currency),
    pace,
  );
  return { as_of: asOf, currencies: totals, customers };
}

interface Supplier {
  name: string | null;
  tax_id: string | null;
  /** Which of its documents named it: the latest by issue date (none first), then id. */
  order: string;
}

/** What the account owes suppliers on `asOf`, from received documents and the payments recorded on them. */
export async function payablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const pace = pacer();
  const suppliers = new Map<string, Supplier>();
  const claims = await collect(
    ctx.db,
    (db, page) => receivedForReports(db, ctx.accountId, page),
    (row): Claim => {
      // A supplier is named as its latest document names it.
      const key = supplierKey(row);
      const order = `${row.issueDate ?? ''}|${row.id}`;
      const known = suppliers.get(key);
      if (!known || known.order < order)
        suppliers.set(key, { name: row.sellerName, tax_id: row.sellerTaxId, order });
      return claimOfReceived(row);
    },
    pace,
  );
  const settlements = await collect(
    ctx.db,
    (db, page) => receivedPaymentsForReports(db, ctx.accountId, asOf, page),
    settlementOfReceivedPayment,
    pace,
  );
  const { totals, parties } = await ageingOf(await openPosition(claims, settlements, asOf, pace), pace);
  const named = await mapPaced(
    parties,
    ({ partyId, figures }) => {
      const supplier = suppliers.get(partyId);
      return {
        supplier: supplier ? { name: supplier.name, tax_id: supplier.tax_id } : { name: null, tax_id: null },
        ...figures,
      };
    },
    pace,
  );
  const list = await sortPaced(
    named,
    (a, b) => byName(a.supplier.name ?? '', b.supplier.name ?? '') || byName(a.currency, b.currency),
    pace,
  );
  return { as_of: asOf, currencies: totals, suppliers: list };
}
