import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import {
  authErrors,
  dataOf,
  ErrorEnvelope,
  PageQuery,
  pageOf,
  withConflict,
  withNotFound,
} from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest } from '../../shared/pagination';
import { UploadBody } from '../files';
import {
  BrandingProfile,
  CreateBrandingProfileBody,
  presentBrandingProfile,
  UpdateBrandingProfileBody,
} from './model';
import { findProfile } from './repo';
import { createBrandingProfile } from './use-cases/create-branding-profile';
import { deleteBrandingProfile } from './use-cases/delete-branding-profile';
import { listBrandingProfiles } from './use-cases/list-branding-profiles';
import { removeLogo, uploadLogo } from './use-cases/logo';
import { setDefaultBrandingProfile } from './use-cases/move-default';
import { updateBrandingProfile } from './use-cases/update-branding-profile';

const detail = (summary: string) => ({ summary, tags: ['Branding profiles'] });
const params = t.Object({ id: t.String() });
const Profile = dataOf(BrandingProfile);

export function brandingProfileRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/branding-profiles' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({
        data: presentBrandingProfile(await createBrandingProfile({ ctx, input: body })),
      }),
      {
        auth: true,
        body: CreateBrandingProfileBody,
        response: { 200: Profile, ...authErrors },
        detail: detail("Create a branding profile (an account's first profile is always the default)"),
      },
    )
    .get('', async ({ ctx, query }) => await listBrandingProfiles({ ctx, input: readPageRequest(query) }), {
      auth: true,
      query: t.Object(PageQuery),
      response: { 200: pageOf(BrandingProfile), ...authErrors },
      detail: detail('List branding profiles, default first then oldest first; creates `Default` when none'),
    })
    .get(
      '/:id',
      async ({ ctx, params }) => {
        const row = await findProfile(ctx.db, ctx.accountId, params.id);
        if (!row) throw notFound('Branding profile');
        return { data: presentBrandingProfile(row) };
      },
      {
        auth: true,
        params,
        response: { 200: Profile, ...withNotFound },
        detail: detail('Get a branding profile'),
      },
    )
    .patch(
      '/:id',
      async ({ ctx, params, body }) => ({
        data: presentBrandingProfile(
          await updateBrandingProfile({ ctx, input: { id: params.id, patch: body } }),
        ),
      }),
      {
        auth: true,
        params,
        body: UpdateBrandingProfileBody,
        response: { 200: Profile, ...withConflict },
        detail: detail(
          'Update a branding profile: omitted stays, null clears, is_default: true moves the default',
        ),
      },
    )
    .delete(
      '/:id',
      async ({ ctx, params }) => {
        await deleteBrandingProfile({ ctx, input: { id: params.id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail('Delete a branding profile; deleting the default promotes the oldest remaining one'),
      },
    )
    .post(
      '/:id/default',
      async ({ ctx, params }) => ({
        data: presentBrandingProfile(await setDefaultBrandingProfile({ ctx, input: { id: params.id } })),
      }),
      {
        auth: true,
        params,
        response: { 200: Profile, ...withNotFound },
        detail: detail("Make this the account's default branding profile"),
      },
    )
    .post(
      '/:id/logo',
      async ({ ctx, params, body }) => ({
        data: presentBrandingProfile(
          await uploadLogo({ ctx, blobs: deps.blobs, input: { id: params.id, file: body.file } }),
        ),
      }),
      {
        auth: true,
        params,
        body: UploadBody,
        response: { 200: Profile, ...withNotFound, 413: ErrorEnvelope },
        detail: detail('Upload a logo (multipart, field `file`; PNG, JPEG or SVG by content, else 422)'),
      },
    )
    .delete(
      '/:id/logo',
      async ({ ctx, params }) => ({
        data: presentBrandingProfile(await removeLogo({ ctx, input: { id: params.id } })),
      }),
      {
        auth: true,
        params,
        response: { 200: Profile, ...withNotFound },
        detail: detail('Remove the logo from the profile (the file itself is kept)'),
      },
    );
}
