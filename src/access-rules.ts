// Every write route's access rule, as each module states it next to its routes (<module>/access.ts).
// buildApp refuses to start when a write route has no rule or a rule names no route (fail-closed).
import type { AccessRules } from './http/access';
import { apiKeysAccess } from './modules/api-keys';
import { batchesAccess } from './modules/batches';
import { billingAccess } from './modules/billing';
import { brandingAccess } from './modules/branding';
import { businessProfilesAccess } from './modules/business-profiles';
import { complianceAccess } from './modules/compliance';
import { customersAccess } from './modules/customers';
import { deliveriesAccess } from './modules/deliveries';
import { documentsAccess } from './modules/documents';
import { dunningAccess } from './modules/dunning';
import { einvoicesAccess } from './modules/einvoices';
import { exportsAccess } from './modules/exports';
import { filesAccess } from './modules/files';
import { importsAccess } from './modules/imports';
import { numberingSequencesAccess } from './modules/numbering-sequences';
import { paymentsAccess } from './modules/payments';
import { productsAccess } from './modules/products';
import { recurringInvoicesAccess } from './modules/recurring-invoices';
import { rendersAccess } from './modules/renders';
import { templatesAccess } from './modules/templates';
import { usersAccess } from './modules/users';
import { workspacesAccess } from './modules/workspaces';

export const ACCESS_RULES: AccessRules = {
  ...apiKeysAccess,
  ...workspacesAccess,
  ...billingAccess,
  ...businessProfilesAccess,
  ...customersAccess,
  ...productsAccess,
  ...documentsAccess,
  ...paymentsAccess,
  ...dunningAccess,
  ...complianceAccess,
  ...rendersAccess,
  ...deliveriesAccess,
  ...numberingSequencesAccess,
  ...recurringInvoicesAccess,
  ...batchesAccess,
  ...importsAccess,
  ...einvoicesAccess,
  ...exportsAccess,
  ...filesAccess,
  ...brandingAccess,
  ...templatesAccess,
  ...usersAccess,
};
