import { isDeepStrictEqual } from 'node:util';
import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound, validationError } from '../../../shared/errors';
import { logoFileProblems } from '../../files';
import { fontFamilyProblems } from '../../reference';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { nameProblems, toColumns, type UpdateBrandingProfileBody } from '../model';
import { findProfile, updateProfile } from '../repo';
import type { BrandingProfileRow } from '../schema';
import { moveDefault } from './move-default';

/**
 * PATCH: omitted = unchanged, value = set, null = clear. `is_default: true` moves the default here;
 * `false` on the default is refused, since an account always has exactly one (move it instead).
 */
export async function updateBrandingProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; patch: UpdateBrandingProfileBody };
}): Promise<BrandingProfileRow> {
  return await inTransaction(ctx, async (tx) => {
    const existing = await findProfile(tx.db, tx.accountId, input.id);
    if (!existing) throw notFound('Branding profile');
    const problems = [
      ...nameProblems(input.patch.name),
      ...fontFamilyProblems(input.patch.font_family, 'body.font_family'),
      ...(await logoFileProblems(tx, input.patch.logo_file_id)),
    ];
    if (problems.length > 0) throw validationError(problems);
    if (input.patch.is_default === false && existing.isDefault) {
      throw conflict('This is the default branding profile; make another profile the default instead');
    }
    if (existing.isDefault)
      requireDefaultRight(await actingMemberOf(tx), 'this profile is the default, and changing it');
    else if (input.patch.is_default === true)
      requireDefaultRight(await actingMemberOf(tx), 'is_default: true');
    const now = isoNow(tx.clock);
    let row = input.patch.is_default === true ? await moveDefault(tx, existing, now) : existing;
    const changes = Object.fromEntries(
      Object.entries(toColumns(input.patch)).filter(
        ([column, value]) => !isDeepStrictEqual(row[column as keyof BrandingProfileRow], value),
      ),
    );
    if (Object.keys(changes).length > 0) {
      row = (await updateProfile(tx.db, tx.accountId, row.id, { ...changes, updatedAt: now })) ?? row;
    }
    return row;
  });
}
