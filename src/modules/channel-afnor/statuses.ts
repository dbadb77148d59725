// The lifecycle statuses of XP Z12-012 (a CDAR's ProcessConditionCode) and what each means for one of our
// deliveries (docs/channel-afnor.md has the same table). A delivery only moves forward: a status that
// reports trouble without ending the invoice's life (in dispute, suspended) is kept as a note on
// `delivered`, with its code and French label in the event's reason, so the timeline shows the standard's
// own words. The labels are the statuses' names as the standard's code list gives them.
import type { DeliveryState } from '../../delivery-channel';

export interface LifecycleStatus {
  code: string;
  /** The French label, as XP Z12-012 names the status. */
  label: string;
  state: DeliveryState;
  /** Why this state, where it is not obvious. */
  note?: string;
}

const table: LifecycleStatus[] = [
  { code: '200', label: 'Déposée', state: 'submitted', note: "deposited on the seller's platform" },
  { code: '201', label: 'Émise par la plateforme', state: 'submitted' },
  { code: '202', label: 'Reçue par la plateforme', state: 'delivered', note: "on the buyer's platform" },
  { code: '203', label: 'Mise à disposition', state: 'delivered' },
  { code: '204', label: 'Prise en charge', state: 'delivered', note: 'the buyer is processing it' },
  { code: '205', label: 'Approuvée', state: 'accepted' },
  { code: '206', label: 'Approuvée partiellement', state: 'accepted', note: 'partly approved' },
  { code: '207', label: 'En litige', state: 'delivered', note: 'a note: the buyer disputes it' },
  { code: '208', label: 'Suspendue', state: 'delivered', note: 'a note: the buyer waits for more' },
  { code: '209', label: 'Complétée', state: 'delivered', note: 'a note: completed after 208' },
  { code: '210', label: 'Refusée', state: 'rejected' },
  { code: '211', label: 'Paiement transmis', state: 'paid', note: 'the buyer says it paid' },
  { code: '212', label: 'Encaissée', state: 'paid', note: 'the seller cashed it' },
  { code: '213', label: 'Rejetée', state: 'failed', note: 'technical rejection: deemed not issued' },
  { code: '214', label: 'Visée', state: 'delivered', note: 'a note' },
  { code: '220', label: 'Annulée', state: 'delivered', note: 'a note: the seller cancelled it' },
  { code: '221', label: 'Erreur de routage', state: 'failed', note: 'the buyer could not be reached' },
  { code: '224', label: 'Demande de paiement direct', state: 'delivered', note: 'a note (factoring)' },
  { code: '225', label: 'Affacturée', state: 'delivered', note: 'a note (factoring)' },
  { code: '226', label: 'Affacturée confidentiel', state: 'delivered', note: 'a note (factoring)' },
  { code: '227', label: 'Changement de compte à payer', state: 'delivered', note: 'a note (factoring)' },
  { code: '228', label: 'Non affacturée', state: 'delivered', note: 'a note (factoring)' },
  { code: '501', label: 'Irrecevable', state: 'failed', note: 'refused by the public platform' },
];

export const LIFECYCLE_STATUSES: ReadonlyMap<string, LifecycleStatus> = new Map(
  table.map((s) => [s.code, s]),
);

/**
 * A status by its code; a code the table does not know is a note on `delivered` (the platform reported
 * something after delivery), labelled as the CDAR labels it.
 */
export function lifecycleStatus(code: string, statedLabel?: string): LifecycleStatus {
  return (
    LIFECYCLE_STATUSES.get(code) ?? {
      code,
      label: statedLabel?.replace(/_/g, ' ') || 'Statut inconnu',
      state: 'delivered',
      note: 'a note: a code this service does not know',
    }
  );
}

/**
 * The buyer's three answers (respond). Paid is 211 Paiement transmis: the status the buyer gives when it
 * has paid; 212 Encaissée is the seller's own (it cashed the payment, and reports it for VAT on receipts).
 */
export const RESPONSE_CODES = { accepted: '205', rejected: '210', paid: '211' } as const;
