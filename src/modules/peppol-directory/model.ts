import { t } from 'elysia';
import { nullable } from '../../domain/schema-parts';
import type { CheckedParticipant } from './use-cases/check-participant';

export const ParticipantReachability = t.Object({
  scheme: t.String({ description: 'The ICD (ISO 6523), e.g. 0088 (GLN), 0208 (Belgian enterprise number)' }),
  value: t.String({ description: 'The identifier, lowercased: Peppol identifiers are case-insensitive' }),
  registered: t.Boolean({ description: 'The Peppol SML names an SMP for the participant (its DNS record)' }),
  invoice: t.Boolean({
    description:
      'The SMP publishes an AS4 endpoint in service for Peppol BIS Billing 3.0 invoices: an invoice can be sent',
  }),
  credit_note: t.Boolean({ description: 'The same for Peppol BIS Billing 3.0 credit notes' }),
  xrechnung_ubl: t.Boolean({ description: 'The same for XRechnung 3.0 UBL invoices' }),
  xrechnung_cii: t.Boolean({ description: 'The same for XRechnung 3.0 CII invoices' }),
  smp_url: nullable(t.String({ description: "The participant's SMP, as the SML names it" })),
  checked_at: t.String({ description: 'When the SML and SMP were asked (ISO 8601)' }),
  cached: t.Boolean({
    description: 'Answered from a lookup of the last 24 hours (`?refresh=true` asks again)',
  }),
});

/** A stored successful lookup: its answers are known (a failed one is never presented). */
export function presentReachability({ row, cached }: CheckedParticipant) {
  return {
    scheme: row.scheme,
    value: row.value,
    registered: row.registered ?? false,
    invoice: row.invoice ?? false,
    credit_note: row.creditNote ?? false,
    xrechnung_ubl: row.xrechnungUbl ?? false,
    xrechnung_cii: row.xrechnungCii ?? false,
    smp_url: row.smpUrl,
    checked_at: row.checkedAt,
    cached,
  };
}
