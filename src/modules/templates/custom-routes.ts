import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  CreateTemplateBody,
  CustomTemplate,
  CustomTemplateSummary,
  presentTemplate,
  presentTemplateSummary,
  UpdateTemplateBody,
} from './model';
import { findTemplate, listTemplates } from './repo';
import { createTemplate, duplicateTemplate } from './use-cases/create-template';
import { changeTemplate, publishTemplate, removeTemplate } from './use-cases/update-template';

const detail = (summary: string) => ({ summary, tags: ['Custom templates'] });
const params = t.Object({ template_id: t.String() });

export function customTemplateRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/templates/custom' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body, set }) => {
        set.status = 201;
        return {
          data: presentTemplate(await createTemplate({ ctx, input: body })),
        };
      },
      {
        auth: true,
        body: CreateTemplateBody,
        response: { 201: dataOf(CustomTemplate), ...authErrors },
        detail: detail('Create a custom template (a draft over a built-in base)'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        return toPage(
          await listTemplates(ctx.db, ctx.accountId, page),
          page,
          (r) => r.id,
          presentTemplateSummary,
        );
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(CustomTemplateSummary), ...authErrors },
        detail: detail('List custom templates (without description and config)'),
      },
    )
    .get(
      '/:template_id',
      async ({ ctx, params }) => {
        const row = await findTemplate(ctx.db, ctx.accountId, params.template_id);
        if (!row) throw notFound('Template');
        return { data: presentTemplate(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(CustomTemplate), ...withNotFound },
        detail: detail('Get a custom template'),
      },
    )
    .patch(
      '/:template_id',
      async ({ ctx, params, body }) => {
        const row = await changeTemplate({ ctx, input: { id: params.template_id, changes: body } });
        return { data: presentTemplate(row) };
      },
      {
        auth: true,
        params,
        body: UpdateTemplateBody,
        response: { 200: dataOf(CustomTemplate), ...withNotFound },
        detail: detail('Change name, description, config or is_default'),
      },
    )
    .post(
      '/:template_id/duplicate',
      async ({ ctx, params, set }) => {
        set.status = 201;
        const row = await duplicateTemplate({ ctx, input: { id: params.template_id } });
        return { data: presentTemplate(row) };
      },
      {
        auth: true,
        params,
        response: { 201: dataOf(CustomTemplate), ...withNotFound },
        detail: detail('Copy a template into a new draft'),
      },
    )
    .post(
      '/:template_id/publish',
      async ({ ctx, params }) => {
        const row = await publishTemplate({ ctx, input: { id: params.template_id } });
        return { data: { id: row.id, name: row.name, status: row.status, published_at: row.publishedAt } };
      },
      {
        auth: true,
        params,
        response: {
          200: dataOf(
            t.Object({
              id: t.String(),
              name: t.String(),
              status: t.String(),
              published_at: t.Union([t.String(), t.Null()]),
            }),
          ),
          ...withConflict,
        },
        detail: detail('Publish a draft template (409 when already published)'),
      },
    )
    .delete(
      '/:template_id',
      async ({ ctx, params }) => {
        await removeTemplate({ ctx, input: { id: params.template_id } });
        return new Response(null, { status: 204 });
      },
      {
        auth: true,
        params,
        response: { 204: t.Void(), ...withNotFound },
        detail: detail('Delete a template (renders already made stay)'),
      },
    );
}
