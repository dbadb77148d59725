/**
 * The provider events this service acts on, narrowed from the webhook's JSON. Field locations follow
 * Stripe's API; where newer API versions moved a field (the period end onto subscription items, an
 * invoice's subscription under `parent`), both places are read.
 */
export interface SubscriptionFacts {
  id: string;
  customer: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: number | null;
  /** metadata.account_id, which checkout puts on the subscription. */
  accountId: string | null;
}

export type ProviderEvent = { id: string; type: string; created: number } & (
  | {
      kind: 'checkout_completed';
      session: {
        customer: string | null;
        subscription: string | null;
        accountId: string | null;
      };
    }
  | { kind: 'subscription'; subscription: SubscriptionFacts }
  | { kind: 'payment_failed'; invoice: { customer: string | null; subscription: string | null } }
  | { kind: 'other' }
);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** An expandable field is an id, or the object itself when expanded. */
const ref = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

/** The event, or null when the JSON is not an event at all (no id, type or created). */
export function parseProviderEvent(json: unknown): ProviderEvent | null {
  const event = obj(json);
  const id = str(event.id);
  const type = str(event.type);
  const created = num(event.created);
  if (id === null || type === null || created === null) return null;
  const head = { id, type, created };
  const object = obj(obj(event.data).object);
  if (type === 'checkout.session.completed') {
    const accountId = str(object.client_reference_id) ?? str(obj(object.metadata).account_id);
    return {
      ...head,
      kind: 'checkout_completed',
      session: { customer: ref(object.customer), subscription: ref(object.subscription), accountId },
    };
  }
  const subscriptionId = str(object.id);
  if (SUBSCRIPTION_EVENTS.includes(type) && subscriptionId !== null) {
    const item = obj((obj(object.items).data as unknown[] | undefined)?.[0]);
    return {
      ...head,
      kind: 'subscription',
      subscription: {
        id: subscriptionId,
        customer: ref(object.customer),
        status: str(object.status) ?? (type === 'customer.subscription.deleted' ? 'canceled' : 'incomplete'),
        priceId: ref(item.price),
        currentPeriodEnd: num(object.current_period_end) ?? num(item.current_period_end),
        accountId: str(obj(object.metadata).account_id),
      },
    };
  }
  if (type === 'invoice.payment_failed') {
    const parent = obj(obj(object.parent).subscription_details);
    return {
      ...head,
      kind: 'payment_failed',
      invoice: {
        customer: ref(object.customer),
        subscription: ref(object.subscription) ?? ref(parent.subscription),
      },
    };
  }
  return { ...head, kind: 'other' };
}
