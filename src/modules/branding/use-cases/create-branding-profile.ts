import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { logoFileProblems } from '../../files';
import { fontFamilyProblems } from '../../reference';
import { actingMemberOf, can, requireDefaultRight } from '../../workspaces';
import {
  type CreateBrandingProfileBody,
  DEFAULT_COLOR,
  DEFAULT_FOOTER_TEXT,
  DEFAULT_PROFILE_NAME,
  nameProblems,
  toColumns,
} from '../model';
import { clearDefault, findDefaultProfile, insertProfile } from '../repo';
import type { BrandingProfileRow } from '../schema';

/**
 * The first profile of an account is the default whatever `is_default` says (SPEC 3); a later one takes
 * the default only with `is_default: true`, which needs `resources:write_all`. A member without it who
 * creates the account's first profile gets the account's own `Default` beside it (as a first listing
 * would), so a member's header never becomes every render's. Decided and written in one IMMEDIATE
 * transaction.
 */
export async function createBrandingProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateBrandingProfileBody;
}): Promise<BrandingProfileRow> {
  const problems = [
    ...nameProblems(input.name),
    ...fontFamilyProblems(input.font_family, 'body.font_family'),
    ...(await logoFileProblems(ctx, input.logo_file_id)),
  ];
  if (problems.length > 0) throw validationError(problems);
  return await inTransaction(ctx, async (tx) => {
    const now = isoNow(tx.clock);
    const acting = await actingMemberOf(tx);
    if (input.is_default === true) requireDefaultRight(acting, 'is_default: true');
    let hasDefault = (await findDefaultProfile(tx.db, tx.accountId)) !== undefined;
    if (!hasDefault && acting !== null && !can(acting.role, 'resources:write_all')) {
      await insertProfile(tx.db, {
        ...newProfile(tx, DEFAULT_PROFILE_NAME, now),
        isDefault: true,
        createdBy: null,
      });
      hasDefault = true;
    }
    const isDefault = input.is_default === true || !hasDefault;
    if (isDefault) await clearDefault(tx.db, tx.accountId, null, now);
    return await insertProfile(tx.db, {
      ...newProfile(tx, input.name, now),
      ...toColumns(input),
      isDefault,
    });
  });
}

/** A profile with every field at its SPEC 2 default. */
export function newProfile(ctx: AccountCtx, name: string, now: string): BrandingProfileRow {
  return {
    id: newId('brnd'),
    accountId: ctx.accountId,
    name: name.trim(),
    isDefault: false,
    logoFileId: null,
    primaryColor: DEFAULT_COLOR,
    accentColor: DEFAULT_COLOR,
    primaryColorChosen: false,
    accentColorChosen: false,
    fontFamily: null,
    headerText: null,
    footerText: DEFAULT_FOOTER_TEXT,
    hideServiceBranding: false,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  };
}
