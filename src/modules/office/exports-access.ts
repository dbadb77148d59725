import { type AccessRules, access } from '../../http/access';

// Who may start an office export (http/access.ts); reading one is the asking user's alone (the use-case).

export const officeExportsAccess: AccessRules = {
  // Makes a stored resource and the clients' debtor and creditor numbers, as their DATEV downloads do:
  // every role that may write, or the books' accountant.
  'POST /api/v1/office/exports': access.orBooks(access.write),
};
