// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
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
  'POST /api/v1/documents/:document_id/finalize': access.own('document', 'document_id', findDocument),
  'POST /api/v1/documents/:document_id/mark-sent': access.own('document', 'document_id', findDocument),
  'POST /api/v1/documents/:document_id/void': access.own('document', 'document_id', findDocument),
  'POST /api/v1/documents/:document_id/archive': access.own('document', 'document_id', findDocument),
  'POST /api/v1/documents/:document_id/restore': access.own('document', 'document_id', findDocument),
};
