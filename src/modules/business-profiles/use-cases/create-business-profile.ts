import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { logoFileProblems } from '../../files';
import { businessProfileProblems, type CreateBusinessProfileBody, toColumns } from '../model';
import { businessProfileRows } from '../repo';

export const createBusinessProfile = createOne({
  rows: businessProfileRows,
  fields: (input: CreateBusinessProfileBody) => ({
    id: newId('biz'),
    legalName: input.legal_name.trim(),
    ...toColumns(input),
  }),
  problems: async (ctx, input) => [
    ...businessProfileProblems(input),
    ...(await logoFileProblems(ctx, input.logo_file_id)),
  ],
});
