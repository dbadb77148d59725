import type { DbOrTx } from '../../../db/client';
import { findBatch } from '../../batches';
import { findBrandingProfile } from '../../branding';
import { findBusinessProfile } from '../../business-profiles';
import { findCustomer } from '../../customers';
import { findDelivery } from '../../deliveries';
import { findDocument } from '../../documents';
import { findFile } from '../../files';
import { findImport } from '../../imports';
import { findSequence } from '../../numbering-sequences';
import { findRecurringInvoice } from '../../recurring-invoices';
import { findCustomTemplate } from '../../templates';

type CreatorLookup = (db: DbOrTx, accountId: string, id: string) => { createdBy: string | null } | undefined;

/**
 * The resources that record who created them, and how to read that for one id of an account. Each goes
 * through its module's own finder: `undefined` = no such resource here, and the route answers its 404.
 * Wrapped in arrows so this table never reads an import before its module has loaded.
 */
export const OWNED_RESOURCES = {
  batch: (db, accountId, id) => findBatch(db, accountId, id),
  branding_profile: (db, accountId, id) => findBrandingProfile(db, accountId, id),
  business_profile: (db, accountId, id) => findBusinessProfile(db, accountId, id),
  customer: (db, accountId, id) => findCustomer(db, accountId, id),
  delivery: (db, accountId, id) => findDelivery(db, accountId, id),
  document: (db, accountId, id) => findDocument(db, accountId, id),
  file: (db, accountId, id) => findFile(db, accountId, id),
  import: (db, accountId, id) => findImport(db, accountId, id),
  numbering_sequence: (db, accountId, id) => findSequence(db, accountId, id),
  recurring_invoice: (db, accountId, id) => findRecurringInvoice(db, accountId, id),
  custom_template: (db, accountId, id) => findCustomTemplate(db, accountId, id),
} satisfies Record<string, CreatorLookup>;

export type OwnedResource = keyof typeof OWNED_RESOURCES;

export function creatorOfResource(
  db: DbOrTx,
  kind: OwnedResource,
  accountId: string,
  id: string,
): { createdBy: string | null } | undefined {
  const lookup: CreatorLookup = OWNED_RESOURCES[kind];
  return lookup(db, accountId, id);
}
