// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { documentActionAccess, findDocument } from '../documents';
import { findPayment } from './repo';

export const paymentsAccess: AccessRules = {
  // A payment may change the invoice's status, as mark-paid does: the same rule as the lifecycle actions.
  'POST /api/v1/documents/:document_id/payments': access.orBooks(
    access.own('document', 'document_id', findDocument),
  ),
  'DELETE /api/v1/payments/:payment_id': access.orBooks(access.own('payment', 'payment_id', findPayment)),
  ...documentActionAccess('payments'),
};
