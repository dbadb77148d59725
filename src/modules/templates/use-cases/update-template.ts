import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { checkedConfig, checkTemplateName, type UpdateTemplateBody } from '../model';
import { clearDefaultTemplate, deleteTemplate, findTemplate, updateTemplate } from '../repo';
import type { CustomTemplateRow } from '../schema';

/** PATCH: name, description (null clears), config (replaced whole), is_default. Run in a transaction. */
async function changeTemplateInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateTemplateBody };
}): Promise<CustomTemplateRow> {
  const row = await findTemplate(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Template');
  const c = input.changes;
  checkTemplateName(c.name);
  if (Object.keys(c).length === 0) return row;
  await guardDefault(ctx, row, c.is_default === true);
  if (c.is_default === true && !row.isDefault) await clearDefaultTemplate(ctx.db, ctx.accountId);
  return (
    (await updateTemplate(ctx.db, ctx.accountId, row.id, {
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.description !== undefined ? { description: c.description } : {}),
      ...(c.config !== undefined ? { config: checkedConfig(c.config) } : {}),
      ...(c.is_default !== undefined ? { isDefault: c.is_default } : {}),
      updatedAt: isoNow(ctx.clock),
    })) ?? row
  );
}

async function publishTemplateInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<CustomTemplateRow> {
  const row = await findTemplate(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Template');
  await guardDefault(ctx, row, false);
  if (row.status === 'published') throw conflict('The template is already published');
  const now = isoNow(ctx.clock);
  return (
    (await updateTemplate(ctx.db, ctx.accountId, row.id, {
      status: 'published',
      publishedAt: now,
      updatedAt: now,
    })) ?? row
  );
}

/** Renders already made keep their files; versions stay, so a render's recorded version still explains it. */
export async function removeTemplate({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const row = await findTemplate(ctx.db, ctx.accountId, input.id);
  if (row) await guardDefault(ctx, row, false);
  if (!(await deleteTemplate(ctx.db, ctx.accountId, input.id))) throw notFound('Template');
}

/** Making a template the default, or changing the one that is, needs `resources:write_all`. */
export async function guardDefault(
  ctx: AccountCtx,
  row: CustomTemplateRow,
  becomesDefault: boolean,
): Promise<void> {
  if (row.isDefault)
    requireDefaultRight(await actingMemberOf(ctx), 'this template is the default, and changing it');
  else if (becomesDefault) requireDefaultRight(await actingMemberOf(ctx), 'is_default: true');
}

export const changeTemplate = transactional(changeTemplateInTransaction);
export const publishTemplate = transactional(publishTemplateInTransaction);
