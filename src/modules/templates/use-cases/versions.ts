import { transactional } from '../../../db/transaction';
import { isBuiltInTemplate } from '../../../rendering/templates';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findTemplate, findVersion, insertVersion, updateTemplate } from '../repo';
import type { CustomTemplateRow, TemplateVersionRow } from '../schema';
import { guardDefault } from './update-template';

/** Built-in templates have no versions: snapshotting one is a 422, an unknown id a 404. */
export async function templateForVersions(ctx: AccountCtx, templateId: string): Promise<CustomTemplateRow> {
  if (isBuiltInTemplate(templateId)) {
    throw validationError([
      { loc: 'path.template_id', msg: 'built-in templates have no versions', type: 'not_allowed' },
    ]);
  }
  const row = await findTemplate(ctx.db, ctx.accountId, templateId);
  if (!row) throw notFound('Template');
  return row;
}

/** Snapshots the current config under the next number (never reused, even after a restore). */
async function snapshotVersionInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { templateId: string; label?: string; changelog?: string };
}): Promise<TemplateVersionRow> {
  const template = await templateForVersions(ctx, input.templateId);
  const now = isoNow(ctx.clock);
  await updateTemplate(ctx.db, ctx.accountId, template.id, { nextVersion: template.nextVersion + 1 });
  return await insertVersion(ctx.db, {
    id: newId('tv'),
    accountId: ctx.accountId,
    templateId: template.id,
    version: template.nextVersion,
    label: input.label ?? null,
    changelog: input.changelog ?? null,
    config: template.config,
    createdAt: now,
  });
}

export async function getVersion(
  ctx: AccountCtx,
  templateId: string,
  version: number,
): Promise<TemplateVersionRow> {
  // A built-in never had a version: reading or restoring one is the 404 of a version the template never
  // had (SPEC 4, 7), as for a custom template; only pinning one (a render) or snapshotting one is the 422.
  if (isBuiltInTemplate(templateId)) throw notFound(`Version ${version} of the template`);
  const template = await templateForVersions(ctx, templateId);
  const row = await findVersion(ctx.db, ctx.accountId, template.id, version);
  if (!row) throw notFound(`Version ${version} of the template`);
  return row;
}

/** Sets the template's config to a version's snapshot; versions themselves never change. */
async function restoreVersionInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { templateId: string; version: number };
}): Promise<TemplateVersionRow> {
  const version = await getVersion(ctx, input.templateId, input.version);
  await guardDefault(ctx, await templateForVersions(ctx, input.templateId), false);
  await updateTemplate(ctx.db, ctx.accountId, input.templateId, {
    config: version.config,
    updatedAt: isoNow(ctx.clock),
  });
  return version;
}

export const snapshotVersion = transactional(snapshotVersionInTransaction);
export const restoreVersion = transactional(restoreVersionInTransaction);
