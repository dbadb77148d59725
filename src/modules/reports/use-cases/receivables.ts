import type { AccountCtx } from '../../../shared/context';
import { findCustomer } from '../../customers';
import { issuedForReports } from '../../documents';
import { paymentsForReports } from '../../payments';
import { receivedForReports, receivedPaymentsForReports } from '../../receiving';
import { ageingOf, openPosition } from '../ageing';
import {
  claimOfDocument,
  claimOfReceived,
  settlementOfPayment,
  settlementOfReceivedPayment,
  supplierKey,
} from '../claims';

/** What customers owe on `asOf` (YYYY-MM-DD), per currency and per customer and currency. */
export async function receivablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const claims = (await issuedForReports(ctx.db, ctx.accountId, { issuedTo: asOf })).map(claimOfDocument);
  const settlements = (await paymentsForReports(ctx.db, ctx.accountId, { dateTo: asOf })).map(
    settlementOfPayment,
  );
  const { totals, parties } = ageingOf(openPosition(claims, settlements, asOf));
  const names = new Map<string, string>();
  const nameOf = async (id: string) => {
    if (!names.has(id)) names.set(id, (await findCustomer(ctx.db, ctx.accountId, id))?.name ?? '');
    return names.get(id) ?? '';
  };
  const named = [];
  for (const { partyId, figures } of parties)
    named.push({ customer: { id: partyId, name: await nameOf(partyId) }, ...figures });
  const customers = named.sort(
    (a, b) => a.customer.name.localeCompare(b.customer.name) || a.currency.localeCompare(b.currency),
  );
  return { as_of: asOf, currencies: totals, customers };
}

/** What the account owes suppliers on `asOf`, from received documents and the payments recorded on them. */
export async function payablesReport({ ctx, input }: { ctx: AccountCtx; input: { asOf: string } }) {
  const { asOf } = input;
  const rows = await receivedForReports(ctx.db, ctx.accountId);
  const claims = rows.map(claimOfReceived);
  const settlements = (await receivedPaymentsForReports(ctx.db, ctx.accountId, asOf)).map(
    settlementOfReceivedPayment,
  );
  const { totals, parties } = ageingOf(openPosition(claims, settlements, asOf));
  const suppliers = new Map(rows.map((r) => [supplierKey(r), { name: r.sellerName, tax_id: r.sellerTaxId }]));
  const list = parties
    .map(({ partyId, figures }) => ({
      supplier: suppliers.get(partyId) ?? { name: null, tax_id: null },
      ...figures,
    }))
    .sort(
      (a, b) =>
        (a.supplier.name ?? '').localeCompare(b.supplier.name ?? '') || a.currency.localeCompare(b.currency),
    );
  return { as_of: asOf, currencies: totals, suppliers: list };
}
