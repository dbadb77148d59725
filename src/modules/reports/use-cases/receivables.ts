import { compareText } from '../../../shared/collate';
import type { AccountCtx } from '../../../shared/context';
import { customerRows } from '../../customers';
import { receivableSums } from '../../documents';
import { paidAfterPerDocument } from '../../payments';
import { latestOfSuppliers, payableSums, receivedSellers } from '../../receiving';
import { type AgeingFigures, ageingOf, dueFromOf, PartyLedger } from '../ageing';
import { sumValue } from '../exact';
import { pacer, sortPaced } from '../pace';

const byName = compareText;

/**
 * The receivables' ageing on `asOf`: per currency, and per customer and currency. Summed by the database in
 * one statement over the invoices and credit notes not settled for good by `asOf` only (docs/reports.md).
 */
async function receivablesAgeing(ctx: AccountCtx, asOf: string) {
  const ledger = new PartyLedger();
  const query = { asOf, dueFrom: dueFromOf(asOf), paid: paidAfterPerDocument(ctx.accountId, asOf) };
  for (const row of await receivableSums(ctx.db, ctx.accountId, query)) {
    if (row.class === null) ledger.addCredit(row.customerId, row.currency, sumValue(row.amount));
    else ledger.addOpen(row.customerId, row.currency, row.class, row.count, sumValue(row.amount));
  }
  return ageingOf(ledger);
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
  return (await receivablesAgeing(ctx, input.asOf)).totals;
}

/** What customers owe on `asOf` (YYYY-MM-DD), per currency and per customer and currency. */
export async function receivablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const { totals, parties } = await receivablesAgeing(ctx, asOf);
  const names = new Map<string, string>();
  const customerIds = [...new Set(parties.map((p) => p.partyId))];
  for (const customer of await customerRows.findMany(ctx.db, ctx.accountId, customerIds)) {
    names.set(customer.id, customer.name);
  }
  const named = parties.map(({ partyId, figures }) => ({
    customer: { id: partyId, name: names.get(partyId) ?? '' },
    ...figures,
  }));
  const customers = await sortPaced(
    named,
    (a, b) => byName(a.customer.name, b.customer.name) || byName(a.currency, b.currency),
    pacer(),
  );
  return { as_of: asOf, currencies: totals, customers };
}

/**
 * What the account owes suppliers on `asOf`, from received documents and the payments recorded on them:
 * summed by the database in one statement over the documents not settled for good by `asOf` only (as the
 * receivables are).
 */
export async function payablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const ledger = new PartyLedger();
  const query = { asOf, dueFrom: dueFromOf(asOf) };
  for (const row of await payableSums(ctx.db, ctx.accountId, query)) {
    if (row.class === 'credit_note') ledger.addCredit(row.supplier, row.currency, sumValue(row.amount));
    else ledger.addOpen(row.supplier, row.currency, row.class, row.count, sumValue(row.amount));
  }
  const { totals, parties } = ageingOf(ledger);
  // A supplier is named as its latest document names it (by issue date, none first, then id), counted on
  // `asOf` or not.
  const namedBy = await latestOfSuppliers(ctx.db, ctx.accountId, [...new Set(parties.map((p) => p.partyId))]);
  const sellers = new Map(
    (await receivedSellers(ctx.db, ctx.accountId, [...new Set(namedBy.values())])).map((s) => [s.id, s]),
  );
  const named = parties.map(({ partyId, figures }) => {
    const seller = sellers.get(namedBy.get(partyId) ?? '');
    return {
      supplier: seller
        ? { name: seller.sellerName, tax_id: seller.sellerTaxId }
        : { name: null, tax_id: null },
      ...figures,
    };
  });
  const list = await sortPaced(
    named,
    (a, b) => byName(a.supplier.name ?? '', b.supplier.name ?? '') || byName(a.currency, b.currency),
    pacer(),
  );
  return { as_of: asOf, currencies: totals, suppliers: list };
}
