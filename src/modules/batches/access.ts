// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findBatch } from './repo';

export const batchesAccess: AccessRules = {
  'POST /api/v1/batches': access.write,
  'POST /api/v1/batches/:batch_id/cancel': access.own('batch', 'batch_id', findBatch),
};
