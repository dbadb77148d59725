// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { documentActionsBy } from '../../domain/document-actions';
import { type AccessRules, access } from '../../http/access';
import { findDocument } from './repo';

export const documentsAccess: AccessRules = {
  'POST /api/v1/documents/validate': access.write,
  'POST /api/v1/documents/calculate': access.write,
  'POST /api/v1/documents': access.write,
  'POST /api/v1/documents/:document_id/duplicate': access.write,
  // Changes nothing: whoever may check a document may ask what finalize would find.
  'POST /api/v1/documents/:document_id/finalize-check': access.write,
  'PATCH /api/v1/documents/:document_id': access.own('document', 'document_id', findDocument),
  'DELETE /api/v1/documents/:document_id': access.own('document', 'document_id', findDocument),
  ...documentActionAccess('status'),
};

/**
 * The rule of every lifecycle action route taken `by` status change (this module's) or by payment (the
 * payments module's): only who may change the document may move it.
 */
export function documentActionAccess(by: 'status' | 'payments'): AccessRules {
  const rule = access.own('document', 'document_id', findDocument);
  const routes = documentActionsBy(by).map((action) => `POST /api/v1/documents/:document_id/${action}`);
  return Object.fromEntries(routes.map((route) => [route, rule]));
}
