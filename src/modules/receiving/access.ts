// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findReceived } from './repo';

export const receivingAccess: AccessRules = {
  // Reading a received file changes nothing shared: any role may.
  'POST /api/v1/einvoices/parse': access.self,
  // A render of the caller's own: counted against the account's quota like any stateless render.
  'POST /api/v1/einvoices/visualize': access.self,
  // Supplier invoices are the books' business too: an accountant takes them in and approves them.
  'POST /api/v1/received-documents': access.orBooks(access.write),
  'PATCH /api/v1/received-documents/:received_id': access.orBooks(
    access.own('received_document', 'received_id', findReceived),
  ),
  'DELETE /api/v1/received-documents/:received_id': access.own(
    'received_document',
    'received_id',
    findReceived,
  ),
  'POST /api/v1/received-documents/:received_id/payments': access.orBooks(
    access.own('received_document', 'received_id', findReceived),
  ),
  'DELETE /api/v1/received-documents/:received_id/payments/:payment_id': access.orBooks(
    access.own('received_document', 'received_id', findReceived),
  ),
};
