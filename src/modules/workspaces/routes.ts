import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import { isoNow } from '../../shared/clock';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  AddMemberBody,
  presentMember,
  presentWorkspace,
  UpdateMemberBody,
  Workspace,
  WorkspaceMember,
  WorkspaceNameBody,
} from './model';
import { findWorkspace, listMembers, listWorkspaces, renameWorkspace } from './repo';
import { addMember } from './use-cases/add-member';
import { changeMemberRole } from './use-cases/change-member-role';
import { createWorkspace } from './use-cases/create-workspace';
import { deleteWorkspace } from './use-cases/delete-workspace';
import { removeMember } from './use-cases/remove-member';

const detail = (summary: string) => ({ summary, tags: ['Workspaces'] });
const wsParams = t.Object({ workspace_id: t.String() });
const memberParams = t.Object({ workspace_id: t.String(), member_id: t.String() });
const Deleted = dataOf(t.Object({ deleted: t.Literal(true) }));

export function workspaceRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/workspaces' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({ data: presentWorkspace(await createWorkspace({ ctx, input: body })) }),
      {
        auth: true,
        body: WorkspaceNameBody,
        response: { 200: dataOf(Workspace), ...authErrors },
        detail: detail('Create a workspace'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        return toPage(await listWorkspaces(ctx.db, ctx.accountId, page), page, (r) => r.id, presentWorkspace);
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(Workspace), ...authErrors },
        detail: detail('List workspaces'),
      },
    )
    .get(
      '/:workspace_id',
      async ({ ctx, params }) => {
        const row = await findWorkspace(ctx.db, ctx.accountId, params.workspace_id);
        if (!row) throw notFound('Workspace');
        return { data: presentWorkspace(row) };
      },
      {
        auth: true,
        params: wsParams,
        response: { 200: dataOf(Workspace), ...withNotFound },
        detail: detail('Get a workspace'),
      },
    )
    .patch(
      '/:workspace_id',
      async ({ ctx, params, body }) => {
        const row = await renameWorkspace(
          ctx.db,
          ctx.accountId,
          params.workspace_id,
          body.name.trim(),
          isoNow(ctx.clock),
        );
        if (!row) throw notFound('Workspace');
        return { data: presentWorkspace(row) };
      },
      {
        auth: true,
        params: wsParams,
        body: WorkspaceNameBody,
        response: { 200: dataOf(Workspace), ...withNotFound },
        detail: detail('Rename a workspace'),
      },
    )
    .delete(
      '/:workspace_id',
      async ({ ctx, params }) => {
        const input = { workspaceId: params.workspace_id };
        await deleteWorkspace({ ctx, input });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params: wsParams,
        response: { 200: Deleted, ...withNotFound, ...withConflict },
        detail: detail(
          "Delete a workspace and its members (their API keys are revoked; in an office, their work for its clients ends). 409 when it holds all the account's owners",
        ),
      },
    )
    .post(
      '/:workspace_id/members',
      async ({ ctx, params, body }) => {
        const members = await addMember({ ctx, input: { workspaceId: params.workspace_id, ...body } });
        return { data: members.map(presentMember) };
      },
      {
        auth: true,
        params: wsParams,
        body: AddMemberBody,
        response: { 200: dataOf(t.Array(WorkspaceMember)), ...withConflict },
        detail: detail('Add a member; answers the full member list'),
      },
    )
    .get(
      '/:workspace_id/members',
      async ({ ctx, params }) => {
        if (!(await findWorkspace(ctx.db, ctx.accountId, params.workspace_id))) throw notFound('Workspace');
        return { data: (await listMembers(ctx.db, params.workspace_id)).map(presentMember) };
      },
      {
        auth: true,
        params: wsParams,
        response: { 200: dataOf(t.Array(WorkspaceMember)), ...withNotFound },
        detail: detail('List members'),
      },
    )
    .patch(
      '/:workspace_id/members/:member_id',
      async ({ ctx, params, body }) => {
        const input = { workspaceId: params.workspace_id, memberId: params.member_id, role: body.role };
        const member = await changeMemberRole({ ctx, input });
        return presentMember(member);
      },
      {
        auth: true,
        params: memberParams,
        body: UpdateMemberBody,
        response: { 200: WorkspaceMember, ...withConflict },
        detail: detail("Change a member's role (answers the member bare, without an envelope)"),
      },
    )
    .delete(
      '/:workspace_id/members/:member_id',
      async ({ ctx, params }) => {
        const input = { workspaceId: params.workspace_id, memberId: params.member_id };
        await removeMember({ ctx, input });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params: memberParams,
        response: { 200: Deleted, ...withConflict },
        detail: detail('Remove a member (their API keys are revoked)'),
      },
    );
}
