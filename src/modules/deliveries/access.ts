// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findDocument } from '../documents';
import { findDelivery } from './repo';

export const deliveriesAccess: AccessRules = {
  'POST /api/v1/documents/:document_id/send': access.own('document', 'document_id', findDocument),
  'POST /api/v1/deliveries/:delivery_id/retry': access.own('delivery', 'delivery_id', findDelivery),
};
