import { transactional } from '../../../db/transaction';
import { isBuiltInTemplate } from '../../../rendering/templates';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findTemplate, findVersion, insertVersion, updateTemplate } from '../repo';
import type { CustomTemplateRow, TemplateVersionRow } from '../schema';
import { guardDefault } from './update-template';

/** Built-in templates have no versions: naming one here is a 422, an unknown id a 404. */
export function templateForVersions(ctx: AccountCtx, templateId: string): CustomTemplateRow {
  if (isBuiltInTemplate(templateId)) {
    throw validationError([
      { loc: 'path.template_id', msg: 'built-in templates have no versions', type: 'not_allowed' },
    ]);
  }
  const row = findTemplate(ctx.db, ctx.accountId, templateId);
  if (!row) throw notFound('Template');
  return row;
}

/** Snapshots the current config under the next number (never reused, even after a restore). */
function snapshotVersionNow({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { templateId: string; label?: string; changelog?: string };
}): TemplateVersionRow {
  const template = templateForVersions(ctx, input.templateId);
  const now = isoNow(ctx.clock);
  updateTemplate(ctx.db, ctx.accountId, template.id, { nextVersion: template.nextVersion + 1 });
  return insertVersion(ctx.db, {
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

export function getVersion(ctx: AccountCtx, templateId: string, version: number): TemplateVersionRow {
  const template = templateForVersions(ctx, templateId);
  const row = findVersion(ctx.db, ctx.accountId, template.id, version);
  if (!row) throw notFound(`Version ${version} of the template`);
  return row;
}

/** Sets the template's config to a version's snapshot; versions themselves never change. */
function restoreVersionNow({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { templateId: string; version: number };
}): TemplateVersionRow {
  const version = getVersion(ctx, input.templateId, input.version);
  guardDefault(ctx, templateForVersions(ctx, input.templateId), false);
  updateTemplate(ctx.db, ctx.accountId, input.templateId, {
    config: version.config,
    updatedAt: isoNow(ctx.clock),
  });
  return version;
}

export const snapshotVersion = transactional(snapshotVersionNow);
export const restoreVersion = transactional(restoreVersionNow);
