// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findDocument } from '../documents';

export const dunningAccess: AccessRules = {
  // The policy speaks for the whole account (every invoice's reminders): an account-wide change.
  'PUT /api/v1/dunning-policy': access.permission('resources:write_all'),
  'POST /api/v1/documents/:document_id/reminders': access.own('document', 'document_id', findDocument),
  'PUT /api/v1/documents/:document_id/dispute': access.own('document', 'document_id', findDocument),
  'DELETE /api/v1/documents/:document_id/dispute': access.own('document', 'document_id', findDocument),
};
