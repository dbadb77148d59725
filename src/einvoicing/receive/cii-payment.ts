// The payment instructions of a CII invoice (BG-16..19, BT-20, BT-83) read into the data.
import type { DocumentData } from '../../domain/document-data';
import { all, at, defined, text, type XmlElement } from './dom';
import { warnOtherAccounts } from './shared';
import type { ReceiveWarning } from './types';

export function payment(
  settlement: XmlElement | null,
  number: string | undefined,
  warnings: ReceiveWarning[],
): DocumentData['payment'] {
  const reference = text(settlement, 'PaymentReference');
  const means = all(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const transfer = means.find((m) => at(m, 'PayeePartyCreditorFinancialAccount'));
  const creditor = at(transfer, 'PayeePartyCreditorFinancialAccount');
  warnOtherAccounts(
    means.flatMap((m) => all(m, 'PayeePartyCreditorFinancialAccount').map((a) => ({ m, a }))),
    ({ m, a }) => [
      text(a, 'IBANID') ?? text(a, 'ProprietaryID'),
      text(m, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'),
    ],
    'SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount',
    warnings,
  );
  const debited = means.map((m) => text(m, 'PayerPartyDebtorFinancialAccount/IBANID')).find(Boolean);
  const card = means.map((m) => at(m, 'ApplicableTradeSettlementFinancialCard')).find((c) => c !== null);
  const terms = all(settlement, 'SpecifiedTradePaymentTerms');
  const mandate = terms.map((t) => text(t, 'DirectDebitMandateID')).find(Boolean);
  const lastDigits = text(card, 'ID')?.replace(/\D/g, '').slice(-4);
  const result = defined({
    instructions:
      terms
        .map((t) => text(t, 'Description'))
        .filter(Boolean)
        .join('\n') || undefined,
    // BT-83, unless it only repeats the invoice number (what the writers state without one).
    reference: reference !== number ? reference : undefined,
    means_text: means.map((m) => text(m, 'Information')).find(Boolean),
    bank_account: creditor
      ? defined({
          account_number: text(creditor, 'IBANID') ?? text(creditor, 'ProprietaryID'),
          account_name: text(creditor, 'AccountName'),
          swift: text(transfer, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'),
        })
      : undefined,
    direct_debit: mandate
      ? defined({
          mandate_reference: mandate,
          creditor_id: text(settlement, 'CreditorReferenceID') ?? '-',
          debited_account: debited,
        })
      : undefined,
    card:
      card && lastDigits && lastDigits.length >= 4
        ? defined({ last_digits: lastDigits, holder_name: text(card, 'CardholderName') })
        : undefined,
  });
  return Object.keys(result).length > 0 ? (result as DocumentData['payment']) : undefined;
}
