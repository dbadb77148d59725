import type { DbOrTx } from '../../../db/client';
import { isBuiltInTemplate } from '../../../rendering/templates';
import type { BuiltInTemplateId, TemplateConfig } from '../../../rendering/types';
import { DomainError, notFound, validationError } from '../../../shared/errors';
import { findDefaultTemplate, findTemplate, findVersion, listVersions } from '../repo';
import type { CustomTemplateRow } from '../schema';

export interface ResolvedTemplate {
  /** The id the render records (a ctpl_ id for custom templates). */
  id: string;
  /** The built-in design the engine draws. */
  base: BuiltInTemplateId;
  config?: TemplateConfig;
  /** The version the render was made from: the pinned one, or the latest snapshot equal to the current config. */
  version: number | null;
}

const sameConfig = (a: TemplateConfig, b: TemplateConfig) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

async function fromCustom(
  db: DbOrTx,
  accountId: string,
  row: CustomTemplateRow,
  version?: number,
): Promise<ResolvedTemplate> {
  const base = row.baseTemplateId as BuiltInTemplateId;
  if (version !== undefined) {
    const pinned = await findVersion(db, accountId, row.id, version);
    if (!pinned) throw new DomainError('not_found', `Template ${row.id} has no version ${version}`);
    return { id: row.id, base, config: pinned.config, version };
  }
  const latest = (await listVersions(db, accountId, row.id))[0];
  return {
    id: row.id,
    base,
    config: row.config,
    version: latest && sameConfig(latest.config, row.config) ? latest.version : null,
  };
}

/**
 * Turns a template id (and an optional pinned version) into what the renderer needs. No id means the
 * account's default custom template, else tpl_modern. Built-ins have no versions (422 at `versionLoc`);
 * an unknown id, or a version the template never had, is a 404.
 */
export async function resolveTemplate(
  ctx: { db: DbOrTx; accountId: string },
  input: { id?: string; version?: number; versionLoc: string; draftConfig?: TemplateConfig },
): Promise<ResolvedTemplate> {
  const resolved = await storedTemplate(ctx, input);
  // A designer's unsaved settings, tried on the template without storing them (preview only).
  return input.draftConfig ? { ...resolved, config: input.draftConfig, version: null } : resolved;
}

async function storedTemplate(
  ctx: { db: DbOrTx; accountId: string },
  input: { id?: string; version?: number; versionLoc: string },
): Promise<ResolvedTemplate> {
  if (input.id === undefined) {
    const fallback = await findDefaultTemplate(ctx.db, ctx.accountId);
    if (fallback) return await fromCustom(ctx.db, ctx.accountId, fallback, input.version);
  }
  const id = input.id ?? 'tpl_modern';
  if (isBuiltInTemplate(id)) {
    if (input.version !== undefined) {
      throw validationError([
        { loc: input.versionLoc, msg: `built-in template ${id} has no versions`, type: 'not_allowed' },
      ]);
    }
    return { id, base: id, version: null };
  }
  const custom = id.startsWith('ctpl_') ? await findTemplate(ctx.db, ctx.accountId, id) : undefined;
  if (!custom) throw notFound(`Template '${id}'`);
  return await fromCustom(ctx.db, ctx.accountId, custom, input.version);
}
