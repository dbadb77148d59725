import type { Permission } from '../roles';
import type { OwnedResource } from './owners';

/**
 * What a request needs beyond a valid key, per route. Every key may read (GET) everything of its account;
 * the table says what each write needs:
 * - `write`: any role may (creating a resource, computing or rendering without changing anything shared,
 *   or acting on a resource that records no creator);
 * - `own`: `resources:write_all`, or the resource's `created_by` is the acting member;
 * - `permission`: an account-wide permission;
 * - `workspace`: a permission used inside the workspace named by the path (admins: their own only);
 * - `module`: the module decides per row (API keys: who may see and manage which key).
 */
export type RouteAccess =
  | { kind: 'write' }
  | { kind: 'own'; resource: OwnedResource; param: string }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'workspace'; permission: Permission; param: string }
  | { kind: 'module' };

const write: RouteAccess = { kind: 'write' };
const own = (resource: OwnedResource, param: string): RouteAccess => ({ kind: 'own', resource, param });
const permission = (p: Permission): RouteAccess => ({ kind: 'permission', permission: p });
const inWorkspace = (p: Permission): RouteAccess => ({
  kind: 'workspace',
  permission: p,
  param: 'workspace_id',
});
const byModule: RouteAccess = { kind: 'module' };

const DOCUMENT_ACTIONS = ['finalize', 'mark-sent', 'mark-paid', 'mark-unpaid', 'void', 'archive', 'restore'];

/** Keyed by `METHOD route-pattern`, exactly as the router names the route. */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'POST /api/v1/api-keys': byModule,
  'PATCH /api/v1/api-keys/:api_key_id': byModule,
  'POST /api/v1/api-keys/:api_key_id/rotate': byModule,
  'DELETE /api/v1/api-keys/:api_key_id': byModule,

  'POST /api/v1/workspaces': permission('workspace:create'),
  'PATCH /api/v1/workspaces/:workspace_id': inWorkspace('workspace:edit'),
  'DELETE /api/v1/workspaces/:workspace_id': permission('workspace:delete'),
  'POST /api/v1/workspaces/:workspace_id/members': inWorkspace('members:manage'),
  'PATCH /api/v1/workspaces/:workspace_id/members/:member_id': inWorkspace('members:manage'),
  'DELETE /api/v1/workspaces/:workspace_id/members/:member_id': inWorkspace('members:manage'),

  'POST /api/v1/billing/checkout-session': permission('billing:manage'),
  'POST /api/v1/billing/portal-session': permission('billing:manage'),
  'PATCH /api/v1/billing/overage': permission('billing:manage'),

  'POST /api/v1/business-profiles': write,
  'PATCH /api/v1/business-profiles/:id': own('business_profile', 'id'),
  'DELETE /api/v1/business-profiles/:id': own('business_profile', 'id'),

  'POST /api/v1/customers': write,
  'PATCH /api/v1/customers/:id': own('customer', 'id'),
  'DELETE /api/v1/customers/:id': own('customer', 'id'),

  'POST /api/v1/documents/validate': write,
  'POST /api/v1/documents/calculate': write,
  'POST /api/v1/documents/validate-compliance': write,
  'POST /api/v1/documents/xml': write,
  'POST /api/v1/documents/render': write,
  'POST /api/v1/documents': write,
  'POST /api/v1/documents/:document_id/duplicate': write,
  'POST /api/v1/documents/:document_id/renders': write,
  'PATCH /api/v1/documents/:document_id': own('document', 'document_id'),
  'DELETE /api/v1/documents/:document_id': own('document', 'document_id'),
  ...Object.fromEntries(
    DOCUMENT_ACTIONS.map((action) => [
      `POST /api/v1/documents/:document_id/${action}`,
      own('document', 'document_id'),
    ]),
  ),
  'POST /api/v1/documents/:document_id/send': own('document', 'document_id'),
  'POST /api/v1/deliveries/:delivery_id/retry': own('delivery', 'delivery_id'),

  'POST /api/v1/numbering-sequences': write,
  'PATCH /api/v1/numbering-sequences/:sequence_id': own('numbering_sequence', 'sequence_id'),
  'DELETE /api/v1/numbering-sequences/:sequence_id': own('numbering_sequence', 'sequence_id'),

  'POST /api/v1/recurring-invoices': write,
  'PATCH /api/v1/recurring-invoices/:recurring_id': own('recurring_invoice', 'recurring_id'),
  'POST /api/v1/recurring-invoices/:recurring_id/pause': own('recurring_invoice', 'recurring_id'),
  'POST /api/v1/recurring-invoices/:recurring_id/resume': own('recurring_invoice', 'recurring_id'),
  'DELETE /api/v1/recurring-invoices/:recurring_id': own('recurring_invoice', 'recurring_id'),

  'POST /api/v1/batches': write,
  'POST /api/v1/batches/:batch_id/cancel': own('batch', 'batch_id'),

  'POST /api/v1/imports': write,
  'POST /api/v1/imports/:import_id/confirm': own('import', 'import_id'),
  'POST /api/v1/imports/:import_id/cancel': own('import', 'import_id'),

  'POST /api/v1/files': write,
  'DELETE /api/v1/files/:file_id': own('file', 'file_id'),

  'POST /api/v1/branding-profiles': write,
  'PATCH /api/v1/branding-profiles/:id': own('branding_profile', 'id'),
  'DELETE /api/v1/branding-profiles/:id': own('branding_profile', 'id'),
  'POST /api/v1/branding-profiles/:id/logo': own('branding_profile', 'id'),
  'DELETE /api/v1/branding-profiles/:id/logo': own('branding_profile', 'id'),
  // The default profile brands everyone's PDFs: choosing it is an account-wide change.
  'POST /api/v1/branding-profiles/:id/default': permission('resources:write_all'),

  'POST /api/v1/templates/:template_id/preview': write,
  'POST /api/v1/templates/custom': write,
  'POST /api/v1/templates/custom/:template_id/duplicate': write,
  'PATCH /api/v1/templates/custom/:template_id': own('custom_template', 'template_id'),
  'POST /api/v1/templates/custom/:template_id/publish': own('custom_template', 'template_id'),
  'DELETE /api/v1/templates/custom/:template_id': own('custom_template', 'template_id'),
  'POST /api/v1/templates/:template_id/versions': own('custom_template', 'template_id'),
  'POST /api/v1/templates/:template_id/versions/:version/restore': own('custom_template', 'template_id'),
};

/** Writes missing from the table need every right: a route added without a decision fails closed. */
const UNLISTED_WRITE: RouteAccess = permission('resources:write_all');

export function accessOf(method: string, route: string): RouteAccess | null {
  if (method === 'GET' || method === 'HEAD') return null;
  return ROUTE_ACCESS[`${method} ${route}`] ?? UNLISTED_WRITE;
}
