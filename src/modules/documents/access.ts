// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { documentActionsBy } from '../../domain/document-actions';
import { type AccessRules, access } from '../../http/access';
import { findDocument } from './repo';

export const documentsAccess: AccessRules = {
  'POST /api/v1/documents/validate': access.self,
  'POST /api/v1/documents/calculate': access.self,
  'POST /api/v1/documents': access.write,
  'POST /api/v1/documents/:document_id/duplicate': access.write,
  // Changes nothing: whoever may check a document may ask what finalize would find.
  'POST /api/v1/documents/:document_id/finalize-check': access.self,
  'PATCH /api/v1/documents/:document_id': access.own('document', 'document_id', findDocument),
  'DELETE /api/v1/documents/:document_id': access.own('document', 'document_id', findDocument),
  ...documentActionAccess('status'),
};

/**
 * The rule of every lifecycle action route taken `by` status change (this module's) or by payment (the
 * payments module's): only who may change the document may move it.
 */
export function documentActionAccess(by: 'status' | 'payments'): AccessRules {
  const own = access.own('document', 'document_id', findDocument);
  // A payment is the books' business: an accountant records it as the document's maker may.
  const rule = by === 'payments' ? access.orBooks(own) : own;
  const routes = documentActionsBy(by).map((action) => `POST /api/v1/documents/:document_id/${action}`);
  return Object.fromEntries(routes.map((route) => [route, rule]));
}
