import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { dataOf, withNotFound } from '../../http/schemas';
import { isBuiltInTemplate } from '../../rendering/templates';
import { validationError } from '../../shared/errors';
import { CreateVersionBody, presentVersion, TemplateVersion } from './model';
import { listVersions } from './repo';
import { getVersion, restoreVersion, snapshotVersion, templateForVersions } from './use-cases/versions';

const detail = (summary: string) => ({ summary, tags: ['Template versions'] });
const params = t.Object({ template_id: t.String() });
const versionParams = t.Object({ template_id: t.String(), version: t.String() });

function versionNumber(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) {
    throw validationError([
      { loc: 'path.version', msg: 'version must be a whole number >= 1', type: 'invalid' },
    ]);
  }
  return Number(raw);
}

export function templateVersionRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/templates/:template_id/versions' })
    .use(auth)
    .get(
      '',
      async ({ ctx, params }) => {
        // A built-in has no versions: an empty history rather than an error, it simply never changes.
        if (isBuiltInTemplate(params.template_id)) return { data: [] };
        const template = await templateForVersions(ctx, params.template_id);
        return { data: (await listVersions(ctx.db, ctx.accountId, template.id)).map(presentVersion) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Array(TemplateVersion)), ...withNotFound },
        detail: detail('Versions of a template, newest first'),
      },
    )
    .post(
      '',
      async ({ ctx, params, body }) => {
        const row = await snapshotVersion({
          ctx,
          input: { templateId: params.template_id, ...(body ?? {}) },
        });
        return { data: presentVersion(row) };
      },
      {
        auth: true,
        params,
        body: t.Optional(CreateVersionBody),
        response: { 200: dataOf(TemplateVersion), ...withNotFound },
        detail: detail("Snapshot the template's current config as the next version"),
      },
    )
    .get(
      '/:version',
      async ({ ctx, params }) => ({
        data: presentVersion(await getVersion(ctx, params.template_id, versionNumber(params.version))),
      }),
      {
        auth: true,
        params: versionParams,
        response: { 200: dataOf(TemplateVersion), ...withNotFound },
        detail: detail('Get one version'),
      },
    )
    .post(
      '/:version/restore',
      async ({ ctx, params }) => {
        const version = versionNumber(params.version);
        const row = await restoreVersion({ ctx, input: { templateId: params.template_id, version } });
        return { data: presentVersion(row) };
      },
      {
        auth: true,
        params: versionParams,
        response: { 200: dataOf(TemplateVersion), ...withNotFound },
        detail: detail("Set the template's config to a version (versions never change or renumber)"),
      },
    );
}
