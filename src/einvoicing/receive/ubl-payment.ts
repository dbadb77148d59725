// The payment instructions of a UBL invoice (BG-16..19, BT-20, BT-83) read into the data.
import type { DocumentData } from '../../domain/document-data';
import { all, at, attr, defined, text, type XmlElement } from './dom';
import { warnOtherAccounts } from './shared';
import type { ReceiveWarning } from './types';

export function payment(
  root: XmlElement,
  sellerEl: XmlElement | null,
  payeeEl: XmlElement | null,
  warnings: ReceiveWarning[],
): DocumentData['payment'] {
  const means = all(root, 'PaymentMeans');
  const reference = means.map((m) => text(m, 'PaymentID')).find(Boolean);
  const transfer = means.find((m) => at(m, 'PayeeFinancialAccount'));
  const mandate = means.map((m) => at(m, 'PaymentMandate')).find((m) => m !== null);
  const card = means.map((m) => at(m, 'CardAccount')).find((c) => c !== null);
  const sepa = [...all(payeeEl, 'PartyIdentification/ID'), ...all(sellerEl, 'PartyIdentification/ID')].find(
    (id) => attr(id, 'schemeID') === 'SEPA',
  );
  const account = at(transfer, 'PayeeFinancialAccount');
  warnOtherAccounts(
    means.map((m) => at(m, 'PayeeFinancialAccount')).filter((a) => a !== null),
    (a) => [text(a, 'ID'), text(a, 'FinancialInstitutionBranch/ID')],
    'PaymentMeans/PayeeFinancialAccount',
    warnings,
  );
  const lastDigits = text(card, 'PrimaryAccountNumberID')?.replace(/\D/g, '').slice(-4);
  const result = defined({
    instructions:
      all(root, 'PaymentTerms/Note')
        .map((n) => text(n))
        .filter(Boolean)
        .join('\n') || undefined,
    // BT-83, unless it only repeats the invoice number (what the writers state without one).
    reference: reference !== text(root, 'ID') ? reference : undefined,
    means_text: means.map((m) => attr(at(m, 'PaymentMeansCode'), 'name')).find(Boolean),
    bank_account: account
      ? defined({
          account_number: text(account, 'ID'),
          swift: text(account, 'FinancialInstitutionBranch/ID'),
          account_name: text(account, 'Name'),
        })
      : undefined,
    direct_debit:
      mandate && text(mandate, 'ID')
        ? defined({
            mandate_reference: text(mandate, 'ID') as string,
            creditor_id: text(sepa) ?? '-',
            debited_account: text(mandate, 'PayerFinancialAccount/ID'),
          })
        : undefined,
    card:
      card && lastDigits && lastDigits.length >= 4
        ? defined({
            last_digits: lastDigits,
            holder_name: text(card, 'HolderName'),
            network: text(card, 'NetworkID'),
          })
        : undefined,
  });
  return Object.keys(result).length > 0 ? (result as DocumentData['payment']) : undefined;
}
