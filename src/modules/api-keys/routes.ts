import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { keyScopeOf } from '../workspaces';
import {
  ApiKey,
  CreateApiKeyBody,
  IssuedApiKey,
  presentApiKey,
  presentIssuedKey,
  RenameApiKeyBody,
} from './model';
import { findApiKey, listApiKeys, renameApiKey } from './repo';
import { createApiKey } from './use-cases/create-api-key';
import { revokeApiKey } from './use-cases/revoke-api-key';
import { rotateApiKey } from './use-cases/rotate-api-key';

const detail = (summary: string) => ({ summary, tags: ['API keys'] });
const params = t.Object({ api_key_id: t.String() });

export function apiKeyRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/api-keys' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => {
        const input = { name: body?.name, workspaceMemberId: body?.workspace_member_id };
        const issued = await createApiKey({ ctx, input });
        return { data: presentIssuedKey(issued.row, issued.apiKey) };
      },
      {
        auth: true,
        body: t.Optional(CreateApiKeyBody),
        response: { 200: dataOf(IssuedApiKey), ...authErrors },
        detail: detail(
          'Create an API key, account-level or for a workspace member (the secret is shown once)',
        ),
      },
    )
    .get(
      '',
      async ({ ctx, query, principal }) => {
        const page = readPageRequest(query);
        const scope = await keyScopeOf(ctx.db, principal.member);
        return toPage(
          await listApiKeys(ctx.db, ctx.accountId, page, scope),
          page,
          (r) => r.id,
          presentApiKey,
        );
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(ApiKey), ...authErrors },
        detail: detail("List API keys, revoked ones included (a member's key sees the keys it may manage)"),
      },
    )
    .get(
      '/:api_key_id',
      async ({ ctx, params, principal }) => {
        const row = await findApiKey(
          ctx.db,
          ctx.accountId,
          params.api_key_id,
          await keyScopeOf(ctx.db, principal.member),
        );
        if (!row) throw notFound('API key');
        return { data: presentApiKey(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(ApiKey), ...withNotFound },
        detail: detail('Get an API key'),
      },
    )
    .patch(
      '/:api_key_id',
      async ({ ctx, params, body, principal }) => {
        const scope = await keyScopeOf(ctx.db, principal.member);
        const row = await renameApiKey(ctx.db, ctx.accountId, params.api_key_id, body.name, scope);
        if (!row) throw notFound('API key');
        return { data: presentApiKey(row) };
      },
      {
        auth: true,
        params,
        body: RenameApiKeyBody,
        response: { 200: dataOf(ApiKey), ...withNotFound },
        detail: detail('Rename an API key'),
      },
    )
    .post(
      '/:api_key_id/rotate',
      async ({ ctx, params, principal }) => {
        const input = { keyId: params.api_key_id, scope: await keyScopeOf(ctx.db, principal.member) };
        const issued = await rotateApiKey({ ctx, input });
        return { data: presentIssuedKey(issued.row, issued.apiKey) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(IssuedApiKey), ...withConflict },
        detail: detail('Rotate an API key: the old secret stops working at once'),
      },
    )
    .delete(
      '/:api_key_id',
      async ({ ctx, params, principal }) => {
        await revokeApiKey({
          ctx,
          input: { keyId: params.api_key_id, scope: await keyScopeOf(ctx.db, principal.member) },
        });
        return { data: { revoked: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ revoked: t.Literal(true) })), ...withNotFound },
        detail: detail('Revoke an API key'),
      },
    );
}
