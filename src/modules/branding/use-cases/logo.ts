import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { deleteFile, storeUpload } from '../../files';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { findProfile, updateProfile } from '../repo';
import type { BrandingProfileRow } from '../schema';

/**
 * Stores an image upload as a file and points the profile at it. The profile is checked first so an
 * unknown id stores nothing; a non-image is refused by `storeUpload` before a byte is written. The
 * previous logo file is kept (it is the account's file; DELETE /files/{id} removes it).
 */
export async function uploadLogo({
  ctx,
  blobs,
  input,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  input: { id: string; file: File };
}): Promise<BrandingProfileRow> {
  const profile = await findProfile(ctx.db, ctx.accountId, input.id);
  if (!profile) throw notFound('Branding profile');
  if (profile.isDefault) requireDefaultRight(await actingMemberOf(ctx), "the default profile's logo");
  const file = await storeUpload({ ctx, blobs, file: input.file, imagesOnly: true });
  const row = await setLogo(ctx, input.id, file.id);
  if (!row) {
    // The profile was deleted while the bytes were written: no one knows this file's id, so drop it.
    await deleteFile({ ctx, blobs, input: { id: file.id } });
    throw notFound('Branding profile');
  }
  return row;
}

/** Clears the logo; the file itself stays (docs/branding-and-files.md). */
export async function removeLogo({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<BrandingProfileRow> {
  const row = await setLogo(ctx, input.id, null);
  if (!row) throw notFound('Branding profile');
  return row;
}

async function setLogo(
  ctx: AccountCtx,
  id: string,
  logoFileId: string | null,
): Promise<BrandingProfileRow | undefined> {
  return await inTransaction(ctx, async (tx) => {
    const row = await findProfile(tx.db, tx.accountId, id);
    if (!row || row.logoFileId === logoFileId) return row;
    if (row.isDefault) requireDefaultRight(await actingMemberOf(tx), "the default profile's logo");
    return await updateProfile(tx.db, tx.accountId, id, { logoFileId, updatedAt: isoNow(tx.clock) });
  });
}
