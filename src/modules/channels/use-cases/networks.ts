import type { ParticipantId } from '../../../delivery-channel';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, notFound } from '../../../shared/errors';
import { findCustomer } from '../../customers';
import { findDocument } from '../../documents';
import { checkParticipant, type PeppolLookupDeps, presentReachability } from '../../peppol-directory';
import { listConnections } from '../repo';
import { type ChannelDeps, findAdapter } from '../runtime';
import { FRENCH_SCHEMES, lookupOn } from './deliveries';

/** Peppol participant identifiers: an ICD of four digits (0088, 0204, 9930, …). French ones go to a platform. */
const isPeppolScheme = (scheme: string) => /^[0-9]{4}$/.test(scheme) && !FRENCH_SCHEMES.has(scheme);

/** The profiles a buyer takes only over Peppol (docs/channels.md): Peppol BIS, and XRechnung to a Peppol address. */
function mustUsePeppol(profile: string | null, address: ParticipantId | null): boolean {
  if (address === null || !isPeppolScheme(address.scheme)) return false;
  return profile === 'peppol_bis_billing_3' || profile === 'xrechnung_ubl' || profile === 'xrechnung_cii';
}

type NetworkDeps = ChannelDeps & { peppolLookup: PeppolLookupDeps | null };

async function peppolOf(ctx: AccountCtx, deps: NetworkDeps, address: ParticipantId, refresh: boolean) {
  if (deps.peppolLookup === null) return { answer: null, error: 'the Peppol lookup is not configured' };
  try {
    const checked = await checkParticipant({
      ctx,
      lookup: deps.peppolLookup,
      input: { id: address, refresh },
    });
    return { answer: presentReachability(checked), error: null };
  } catch (error) {
    if (error instanceof DomainError) return { answer: null, error: error.message };
    throw error;
  }
}

/**
 * GET /customers/{id}/networks: whether the buyer can receive over the networks, when that was checked:
 * Peppol by the service's own lookup (SML and SMP, kept for 24 hours), and each connected channel's own
 * directory. A lookup that fails says why in `error` instead of failing the page.
 */
export async function customerNetworks(
  ctx: AccountCtx,
  deps: NetworkDeps,
  customerId: string,
  refresh: boolean,
) {
  const customer = await findCustomer(ctx.db, ctx.accountId, customerId);
  if (!customer) throw notFound('Customer');
  const address = customer.electronicAddress ?? null;
  const peppol =
    address && isPeppolScheme(address.scheme) ? await peppolOf(ctx, deps, address, refresh) : null;
  const channels = [];
  if (address) {
    for (const row of (await listConnections(ctx.db, ctx.accountId)).filter((r) => r.enabled)) {
      const adapter = findAdapter(deps, row.channel);
      if (!adapter?.lookup) continue;
      const checkedAt = ctx.clock.now().toISOString();
      try {
        const answer = await lookupOn(deps, adapter, row, address);
        channels.push({
          channel: adapter.id,
          name: adapter.name,
          network: adapter.network,
          reachable: answer?.reachable ?? false,
          invoice: answer?.invoice ?? false,
          credit_note: answer?.creditNote ?? false,
          detail: answer?.detail ?? null,
          checked_at: checkedAt,
          error: null,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        channels.push({
          channel: adapter.id,
          name: adapter.name,
          network: adapter.network,
          reachable: false,
          invoice: false,
          credit_note: false,
          detail: null,
          checked_at: checkedAt,
          error: error.message,
        });
      }
    }
  }
  return {
    electronic_address: address,
    must_use_peppol: mustUsePeppol(customer.einvoiceProfile ?? null, address),
    peppol: peppol?.answer ?? null,
    peppol_error: peppol?.error ?? null,
    channels,
  };
}

/**
 * GET /documents/{id}/network-check: what the console asks before finalizing — a buyer who must be
 * reached over Peppol (its e-invoice profile and address say so) but is not reachable there is a warning
 * (the invoice can still be finalized and sent by e-mail). Uses the stored lookup while it is fresh.
 */
export async function documentNetworkCheck(ctx: AccountCtx, deps: NetworkDeps, documentId: string) {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) throw notFound('Document');
  const networks = await customerNetworks(ctx, deps, document.customerId, false);
  const kind = document.documentType === 'credit_note' ? 'credit_note' : 'invoice';
  const reachable = networks.peppol ? networks.peppol[kind] : null;
  const warnings: string[] = [];
  if (networks.must_use_peppol && reachable !== true) {
    const id = `${networks.electronic_address?.scheme}:${networks.electronic_address?.value}`;
    warnings.push(
      reachable === false
        ? `The buyer takes e-invoices over Peppol, but ${id} cannot receive ${kind === 'invoice' ? 'invoices' : 'credit notes'} there (checked ${networks.peppol?.checked_at}): check the address with the buyer, or send it by e-mail`
        : `The buyer takes e-invoices over Peppol, but whether ${id} can receive there is unknown: ${networks.peppol_error ?? 'not checked'}`,
    );
  }
  return { must_use_peppol: networks.must_use_peppol, peppol: networks.peppol, warnings };
}
