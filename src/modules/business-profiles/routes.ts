import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  BusinessProfile,
  BusinessProfileSummary,
  CreateBusinessProfileBody,
  presentBusinessProfile,
  presentBusinessProfileSummary,
  UpdateBusinessProfileBody,
} from './model';
import { findBusinessProfile, listBusinessProfiles } from './repo';
import { createBusinessProfile } from './use-cases/create-business-profile';
import { deleteBusinessProfile } from './use-cases/delete-business-profile';
import { updateBusinessProfile } from './use-cases/update-business-profile';

const detail = (summary: string) => ({ summary, tags: ['Business profiles'] });
const params = t.Object({ id: t.String() });

export function businessProfileRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/business-profiles' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({
        data: presentBusinessProfile(await createBusinessProfile({ ctx, input: body })),
      }),
      {
        auth: true,
        body: CreateBusinessProfileBody,
        response: { 200: dataOf(BusinessProfile), ...authErrors },
        detail: detail('Create a business profile (seller identity)'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listBusinessProfiles(ctx.db, ctx.accountId, page, query.q);
        return toPage(rows, page, (r) => r.id, presentBusinessProfileSummary);
      },
      {
        auth: true,
        query: t.Object({
          ...PageQuery,
          q: t.Optional(
            t.String({
              maxLength: 200,
              description:
                'Only those whose legal name, display name, email or tax ID contains this text (any case)',
            }),
          ),
        }),
        response: { 200: pageOf(BusinessProfileSummary), ...authErrors },
        detail: detail(
          'List business profiles (summary fields), newest first; ?q= searches names, email and tax ID',
        ),
      },
    )
    .get(
      '/:id',
      async ({ ctx, params }) => {
        const row = await findBusinessProfile(ctx.db, ctx.accountId, params.id);
        if (!row) throw notFound('Business profile');
        return { data: presentBusinessProfile(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(BusinessProfile), ...withNotFound },
        detail: detail('Get a business profile'),
      },
    )
    .patch(
      '/:id',
      async ({ ctx, params, body }) => {
        const row = await updateBusinessProfile({ ctx, input: { id: params.id, patch: body } });
        return { data: presentBusinessProfile(row) };
      },
      {
        auth: true,
        params,
        body: UpdateBusinessProfileBody,
        response: { 200: dataOf(BusinessProfile), ...withNotFound },
        detail: detail('Update a business profile: omitted fields stay, null clears'),
      },
    )
    .delete(
      '/:id',
      async ({ ctx, params }) => {
        await deleteBusinessProfile({ ctx, input: { id: params.id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withConflict },
        detail: detail('Delete a business profile no document uses'),
      },
    );
}
