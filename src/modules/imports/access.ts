// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findImport } from './repo';

export const importsAccess: AccessRules = {
  'POST /api/v1/imports': access.write,
  'POST /api/v1/imports/:import_id/confirm': access.own('import', 'import_id', findImport),
  'POST /api/v1/imports/:import_id/cancel': access.own('import', 'import_id', findImport),
};
