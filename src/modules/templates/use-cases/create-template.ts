import { transactional } from '../../../db/transaction';
import { isBuiltInTemplate } from '../../../rendering/templates';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { DomainError, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { type CreateTemplateBody, checkedConfig, checkTemplateName } from '../model';
import { clearDefaultTemplate, findTemplate, insertTemplate } from '../repo';
import type { CustomTemplateRow } from '../schema';

function checkBase(base: string): void {
  if (!isBuiltInTemplate(base)) {
    throw new DomainError(
      'invalid_base_template',
      `'${base}' is not a built-in template (tpl_modern, tpl_classic, …)`,
      {
        fields: [{ loc: 'body.base_template_id', msg: 'must be a built-in tpl_* id', type: 'invalid_value' }],
      },
    );
  }
}

/** A new draft template; `is_default: true` takes the default from any other template. Run in a transaction. */
async function createTemplateInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateTemplateBody;
}): Promise<CustomTemplateRow> {
  checkTemplateName(input.name);
  const base = input.base_template_id ?? 'tpl_modern';
  checkBase(base);
  if (input.is_default) {
    requireDefaultRight(await actingMemberOf(ctx), 'is_default: true');
    await clearDefaultTemplate(ctx.db, ctx.accountId);
  }
  const now = isoNow(ctx.clock);
  return await insertTemplate(ctx.db, {
    id: newId('ctpl'),
    accountId: ctx.accountId,
    name: input.name,
    description: input.description ?? null,
    baseTemplateId: base,
    config: checkedConfig(input.config) ?? {},
    status: 'draft',
    isDefault: input.is_default ?? false,
    nextVersion: 1,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
  });
}

/** An independent draft copy: same base and config, no versions, never the default. */
async function duplicateTemplateInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<CustomTemplateRow> {
  const original = await findTemplate(ctx.db, ctx.accountId, input.id);
  if (!original) throw notFound('Template');
  return await createTemplate({
    ctx,
    input: {
      name: `${original.name} (copy)`.slice(0, 200),
      description: original.description ?? undefined,
      base_template_id: original.baseTemplateId,
      config: original.config as CreateTemplateBody['config'],
    },
  });
}

export const createTemplate = transactional(createTemplateInTransaction);
export const duplicateTemplate = transactional(duplicateTemplateInTransaction);
