import type { AccountCtx } from '../../../shared/context';
import type { FieldError } from '../../../shared/errors';
import { isImageType, LOGO_CONTENT_TYPES } from '../model';
import { findFile } from '../repo';

/** A `logo_file_id` given in a body must name an image file of the same account. */
export async function logoFileProblems(
  ctx: AccountCtx,
  logoFileId: string | null | undefined,
): Promise<FieldError[]> {
  if (logoFileId === undefined || logoFileId === null) return [];
  const loc = 'body.logo_file_id';
  const file = await findFile(ctx.db, ctx.accountId, logoFileId);
  if (!file) return [{ loc, msg: 'No file with this id in this account', type: 'invalid_reference' }];
  if (!isImageType(file.contentType)) {
    const msg = `A logo must be one of ${LOGO_CONTENT_TYPES.join(', ')}; this file is ${file.contentType}`;
    return [{ loc, msg, type: 'invalid_image' }];
  }
  return [];
}
