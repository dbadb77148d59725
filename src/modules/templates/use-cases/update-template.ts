import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { checkedConfig, type UpdateTemplateBody } from '../model';
import { clearDefaultTemplate, deleteTemplate, findTemplate, updateTemplate } from '../repo';
import type { CustomTemplateRow } from '../schema';

/** PATCH: name, description (null clears), config (replaced whole), is_default. Run in a transaction. */
function changeTemplateNow({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateTemplateBody };
}): CustomTemplateRow {
  const row = findTemplate(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Template');
  const c = input.changes;
  if (Object.keys(c).length === 0) return row;
  guardDefault(ctx, row, c.is_default === true);
  if (c.is_default === true && !row.isDefault) clearDefaultTemplate(ctx.db, ctx.accountId);
  return (
    updateTemplate(ctx.db, ctx.accountId, row.id, {
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.description !== undefined ? { description: c.description } : {}),
      ...(c.config !== undefined ? { config: checkedConfig(c.config) } : {}),
      ...(c.is_default !== undefined ? { isDefault: c.is_default } : {}),
      updatedAt: isoNow(ctx.clock),
    }) ?? row
  );
}

function publishTemplateNow({ ctx, input }: { ctx: AccountCtx; input: { id: string } }): CustomTemplateRow {
  const row = findTemplate(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Template');
  guardDefault(ctx, row, false);
  if (row.status === 'published') throw conflict('The template is already published');
  const now = isoNow(ctx.clock);
  return (
    updateTemplate(ctx.db, ctx.accountId, row.id, {
      status: 'published',
      publishedAt: now,
      updatedAt: now,
    }) ?? row
  );
}

/** Renders already made keep their files; versions stay, so a render's recorded version still explains it. */
export function removeTemplate({ ctx, input }: { ctx: AccountCtx; input: { id: string } }): void {
  const row = findTemplate(ctx.db, ctx.accountId, input.id);
  if (row) guardDefault(ctx, row, false);
  if (!deleteTemplate(ctx.db, ctx.accountId, input.id)) throw notFound('Template');
}

/** Making a template the default, or changing the one that is, needs `resources:write_all`. */
export function guardDefault(ctx: AccountCtx, row: CustomTemplateRow, becomesDefault: boolean): void {
  if (row.isDefault)
    requireDefaultRight(actingMemberOf(ctx), 'this template is the default, and changing it');
  else if (becomesDefault) requireDefaultRight(actingMemberOf(ctx), 'is_default: true');
}

export const changeTemplate = transactional(changeTemplateNow);
export const publishTemplate = transactional(publishTemplateNow);
