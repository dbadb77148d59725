import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { logoFileProblems } from '../../files';
import { businessProfileProblems, type CreateBusinessProfileBody, toColumns } from '../model';
import { insertBusinessProfile } from '../repo';
import type { BusinessProfileRow } from '../schema';

export async function createBusinessProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateBusinessProfileBody;
}): Promise<BusinessProfileRow> {
  const problems = [...businessProfileProblems(input), ...(await logoFileProblems(ctx, input.logo_file_id))];
  if (problems.length > 0) throw validationError(problems);
  const now = isoNow(ctx.clock);
  return await insertBusinessProfile(ctx.db, {
    id: newId('biz'),
    accountId: ctx.accountId,
    legalName: input.legal_name.trim(),
    displayName: null,
    email: null,
    phone: null,
    website: null,
    taxId: null,
    address: null,
    electronicAddress: null,
    defaultCurrency: null,
    defaultLocale: null,
    defaultTimezone: null,
    logoFileId: null,
    bankAccount: null,
    taxNumber: null,
    registrationNumber: null,
    managingDirectors: null,
    defaultPageSize: null,
    ...toColumns(input),
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
}
