// The statement's PDF: who it is from (the business profile of the customer's latest document), its
// language (asked for, else that document's, else the profile's) and page size (the profile's default).
import type { PageSizeId } from '../../domain/reference';
import type { AccountCtx } from '../../shared/context';
import { findBusinessProfile } from '../business-profiles';
import { type CustomerRow, findCustomer } from '../customers';
import type { DocumentRow } from '../documents';
import type { Statement } from './use-cases/statement';

type AddressValue = NonNullable<CustomerRow['billingAddress']>;

function addressLines(address: AddressValue | null | undefined): string[] {
  if (!address) return [];
  const city = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, city, address.state, address.country].filter(
    (line): line is string => typeof line === 'string' && line.length > 0,
  );
}

export async function statementPdf(
  ctx: AccountCtx,
  statement: Statement,
  documents: readonly DocumentRow[],
  locale: string | undefined,
): Promise<Uint8Array> {
  const latest = documents.at(-1);
  const profile = latest
    ? await findBusinessProfile(ctx.db, ctx.accountId, latest.businessProfileId)
    : undefined;
  const customer = await findCustomer(ctx.db, ctx.accountId, statement.customer.id);
  const seller = profile
    ? {
        name: profile.displayName ?? profile.legalName,
        lines: [
          ...(profile.displayName && profile.displayName !== profile.legalName ? [profile.legalName] : []),
          ...addressLines(profile.address),
          ...(profile.email ? [profile.email] : []),
          ...(profile.taxId ? [profile.taxId] : []),
        ],
      }
    : null;
  const pageSize: PageSizeId = profile?.defaultPageSize ?? 'A4';
  const { renderStatementPdf } = await import('../../rendering/statement/render-statement');
  return await renderStatementPdf({
    locale: locale ?? latest?.locale ?? profile?.defaultLocale ?? 'en',
    pageSize,
    issued: ctx.clock.now().toISOString().slice(0, 10),
    from: statement.from,
    to: statement.to,
    seller,
    customer: { name: statement.customer.name, lines: addressLines(customer?.billingAddress) },
    sections: statement.currencies,
  });
}
