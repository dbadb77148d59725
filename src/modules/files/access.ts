// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findFile } from './repo';

export const filesAccess: AccessRules = {
  'POST /api/v1/files': access.write,
  'DELETE /api/v1/files/:file_id': access.own('file', 'file_id', findFile),
};
