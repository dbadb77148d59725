// Every module, each described by its own module.ts. The order is the route order (a fixed path such as
// /templates/custom before /templates/{template_id}) and the order the isolation test makes resources in.
// Adding a module: its folder with a module.ts, and one line here.
import type { ModuleDescriptor } from '../module';
import { accountsModule } from './accounts/module';
import { apiKeysModule } from './api-keys/module';
import { authModule } from './auth/module';
import { batchesModule } from './batches/module';
import { billingModule } from './billing/module';
import { brandingModule } from './branding/module';
import { businessProfilesModule } from './business-profiles/module';
import { channelAfnorModule } from './channel-afnor/module';
import { channelRecommandModule } from './channel-recommand/module';
import { channelStorecoveModule } from './channel-storecove/module';
import { channelsModule } from './channels/module';
import { complianceModule } from './compliance/module';
import { costCentresModule } from './cost-centres/module';
import { customersModule } from './customers/module';
import { deliveriesModule } from './deliveries/module';
import { documentsModule } from './documents/module';
import { dunningModule } from './dunning/module';
import { exportsModule } from './exports/module';
import { filesModule } from './files/module';
import { healthModule } from './health/module';
import { importsModule } from './imports/module';
import { mailIntakeModule } from './mail-intake/module';
import { numberingSequencesModule } from './numbering-sequences/module';
import { officeModule } from './office/module';
import { paymentsModule } from './payments/module';
import { peppolDirectoryModule } from './peppol-directory/module';
import { plansModule } from './plans/module';
import { productsModule } from './products/module';
import { receivingModule } from './receiving/module';
import { recurringInvoicesModule } from './recurring-invoices/module';
import { referenceModule } from './reference/module';
import { rendersModule } from './renders/module';
import { reportsModule } from './reports/module';
import { templatesModule } from './templates/module';
import { usageModule } from './usage/module';
import { usersModule } from './users/module';
import { workspacesModule } from './workspaces/module';

export const MODULES: readonly ModuleDescriptor[] = [
  healthModule,
  referenceModule,
  accountsModule,
  officeModule,
  usersModule,
  apiKeysModule,
  workspacesModule,
  businessProfilesModule,
  customersModule,
  productsModule,
  costCentresModule,
  importsModule,
  numberingSequencesModule,
  documentsModule,
  paymentsModule,
  reportsModule,
  dunningModule,
  rendersModule,
  templatesModule,
  filesModule,
  brandingModule,
  usageModule,
  billingModule,
  complianceModule,
  receivingModule,
  batchesModule,
  recurringInvoicesModule,
  deliveriesModule,
  channelsModule,
  peppolDirectoryModule,
  channelStorecoveModule,
  channelRecommandModule,
  channelAfnorModule,
  exportsModule,
  authModule,
  mailIntakeModule,
  plansModule,
];
