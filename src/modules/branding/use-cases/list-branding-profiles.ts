import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import type { Page, PageRequest } from '../../../shared/pagination';
import { toPage } from '../../../shared/pagination';
import { type BrandingProfile, DEFAULT_PROFILE_NAME, presentBrandingProfile } from '../model';
import { hasProfiles, insertProfile, type ListPosition, listProfiles } from '../repo';
import type { BrandingProfileRow } from '../schema';
import { newProfile } from './create-branding-profile';

/**
 * SPEC 3: listing an account without profiles creates `Default` and returns it. The unlocked check keeps
 * the common case read-only; the check that decides is repeated inside an IMMEDIATE transaction, so
 * concurrent first listings create exactly one.
 */
export async function ensureDefaultProfile(ctx: AccountCtx): Promise<void> {
  if (await hasProfiles(ctx.db, ctx.accountId)) return;
  await inTransaction(ctx, async (tx) => {
    if (await hasProfiles(tx.db, tx.accountId)) return;
    const now = isoNow(tx.clock);
    // The account's own default, not the profile of whichever member happened to list first.
    await insertProfile(tx.db, {
      ...newProfile(tx, DEFAULT_PROFILE_NAME, now),
      isDefault: true,
      createdBy: null,
    });
  });
}

// The sort key is (default first, then id): the cursor carries both, as `d:<id>` or `n:<id>`.
const positionKey = (row: BrandingProfileRow) => `${row.isDefault ? 'd' : 'n'}:${row.id}`;

function readPosition(after: string | null): ListPosition | null {
  if (after === null) return null;
  const match = /^([dn]):(brnd_\w+)$/.exec(after);
  if (!match?.[2]) {
    throw validationError([
      { loc: 'query.cursor', msg: 'cursor is not one this list issued', type: 'invalid' },
    ]);
  }
  return { isDefault: match[1] === 'd', id: match[2] };
}

/** Default first, then oldest first (docs/branding-and-files.md). */
export async function listBrandingProfiles({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: PageRequest;
}): Promise<Page<BrandingProfile>> {
  const position = readPosition(input.after);
  await ensureDefaultProfile(ctx);
  const rows = await listProfiles(ctx.db, ctx.accountId, position, input.limit);
  return toPage(rows, input, positionKey, presentBrandingProfile);
}
