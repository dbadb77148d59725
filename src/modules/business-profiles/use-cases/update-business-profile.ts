import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { logoFileProblems } from '../../files';
import { businessProfileProblems, toColumns, type UpdateBusinessProfileBody } from '../model';
import { businessProfileRows } from '../repo';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
export const updateBusinessProfile = transactional(
  updateOne({
    rows: businessProfileRows,
    noun: 'Business profile',
    columns: (patch: UpdateBusinessProfileBody) => toColumns(patch),
    problems: async (ctx, patch) => [
      ...businessProfileProblems(patch),
      ...(await logoFileProblems(ctx, patch.logo_file_id)),
    ],
  }),
);
