// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const exportsAccess: AccessRules = {
  // The account's books: what every member's exports use, so only who may change everyone's resources.
  'PUT /api/v1/settings/accounting': access.orBooks(access.permission('resources:write_all')),
  // Makes a stored resource (and spends renders) as any create does: every key that may write.
  'POST /api/v1/exports/archive': access.orBooks(access.write),
};
