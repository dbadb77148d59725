import { t } from 'elysia';
import type { ApiKeyRow } from './schema';

export const KEY_NAME_MAX = 128;

const MemberId = t.Union([t.String(), t.Null()], {
  description: 'The workspace member the key acts for, with its role; null = account-level key (every right)',
});

export const ApiKey = t.Object({
  id: t.String({ examples: ['key_01jd0000000000000000000000'] }),
  name: t.String(),
  last4: t.String(),
  created_at: t.String({ format: 'date-time' }),
  revoked_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
  workspace_member_id: MemberId,
});
export type ApiKey = typeof ApiKey.static;

/** Only in the create and rotate responses: the secret is never shown again. */
export const IssuedApiKey = t.Object({
  id: t.String(),
  name: t.String(),
  api_key: t.String({ description: 'The full secret, shown once.' }),
  last4: t.String(),
  created_at: t.String({ format: 'date-time' }),
  workspace_member_id: MemberId,
});
export type IssuedApiKey = typeof IssuedApiKey.static;

export const CreateApiKeyBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: KEY_NAME_MAX })),
    workspace_member_id: t.Optional(
      t.Union([t.String(), t.Null()], {
        description:
          'A key for this workspace member (acts with its role); null = account-level key; omitted = the same holder as the calling key',
      }),
    ),
  },
  { additionalProperties: false },
);
export const RenameApiKeyBody = t.Object(
  { name: t.String({ minLength: 1, maxLength: KEY_NAME_MAX }) },
  { additionalProperties: false },
);

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    created_at: row.createdAt,
    revoked_at: row.revokedAt,
    workspace_member_id: row.workspaceMemberId,
  };
}

export function presentIssuedKey(row: ApiKeyRow, apiKey: string): IssuedApiKey {
  return {
    id: row.id,
    name: row.name,
    api_key: apiKey,
    last4: row.last4,
    created_at: row.createdAt,
    workspace_member_id: row.workspaceMemberId,
  };
}
