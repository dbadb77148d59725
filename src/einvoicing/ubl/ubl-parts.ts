// UBL 2.1 building blocks shared by the header and the lines: parties, addresses, tax categories.
// Element order follows the UBL XSD sequences (the official Peppol and XRechnung examples agree).

import type { EAddress, EParty, EPayee, ETaxRepresentative, EVatCategory } from '../semantic/types';
import { leaf, type XMLBuilder } from '../semantic/xml';

export const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export const cac = (parent: XMLBuilder, name: string): XMLBuilder => parent.ele(CAC, `cac:${name}`);
export const cbc = (
  parent: XMLBuilder,
  name: string,
  value: string | null,
  attributes?: Record<string, string>,
) => leaf(parent, CBC, `cbc:${name}`, value, attributes);

/** An amount with the document currency (PEPPOL R051: every currencyID is the invoice currency). */
export const amount = (parent: XMLBuilder, name: string, value: string, currency: string) =>
  cbc(parent, name, value, { currencyID: currency });

/** BG-5 / BG-8 / BG-15. */
export function address(parent: XMLBuilder, name: string, a: EAddress): void {
  const node = cac(parent, name);
  cbc(node, 'StreetName', a.line1);
  cbc(node, 'AdditionalStreetName', a.line2);
  cbc(node, 'CityName', a.city);
  cbc(node, 'PostalZone', a.postalCode);
  cbc(node, 'CountrySubentity', a.subdivision);
  if (a.line3 !== null) cbc(cac(node, 'AddressLine'), 'Line', a.line3);
  if (a.country !== null) cbc(cac(node, 'Country'), 'IdentificationCode', a.country);
}

/** A VAT category with its scheme: `ClassifiedTaxCategory` on lines, `TaxCategory` elsewhere. */
export function taxCategory(
  parent: XMLBuilder,
  name: string,
  vat: EVatCategory,
  scheme: string,
  exemption?: { reason: string | null; code: string | null },
): void {
  const node = cac(parent, name);
  cbc(node, 'ID', vat.code);
  cbc(node, 'Percent', vat.rate);
  cbc(node, 'TaxExemptionReasonCode', exemption?.code ?? null);
  cbc(node, 'TaxExemptionReason', exemption?.reason ?? null);
  cbc(cac(node, 'TaxScheme'), 'ID', scheme);
}

/** BG-4 / BG-7 inside `cac:AccountingSupplierParty` or `cac:AccountingCustomerParty`. */
export function party(parent: XMLBuilder, wrapper: string, p: EParty, sepaCreditorId?: string | null): void {
  const node = cac(cac(parent, wrapper), 'Party');
  if (p.electronicAddress !== null) {
    cbc(node, 'EndpointID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
  }
  if (p.identifier !== null) {
    const scheme = p.identifier.scheme === null ? undefined : { schemeID: p.identifier.scheme };
    cbc(cac(node, 'PartyIdentification'), 'ID', p.identifier.value, scheme);
  }
  // BT-90 sits on the seller when nobody else is paid (on the payee otherwise), scheme SEPA.
  if (sepaCreditorId) cbc(cac(node, 'PartyIdentification'), 'ID', sepaCreditorId, { schemeID: 'SEPA' });
  if (p.tradingName !== null) cbc(cac(node, 'PartyName'), 'Name', p.tradingName);
  if (p.address !== null) address(node, 'PostalAddress', p.address);
  // BT-31/BT-48 under the VAT scheme; BT-32, a national tax number, under another one (EN 16931 binding).
  if (p.vatId !== null) partyTaxScheme(node, p.vatId, 'VAT');
  if (p.taxRegistrationId !== null) partyTaxScheme(node, p.taxRegistrationId, 'FC');
  const legal = cac(node, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', p.name);
  if (p.legalId !== null) {
    cbc(
      legal,
      'CompanyID',
      p.legalId.value,
      p.legalId.scheme === null ? undefined : { schemeID: p.legalId.scheme },
    );
  }
  cbc(legal, 'CompanyLegalForm', p.legalInfo);
  if (p.contact !== null) {
    const contact = cac(node, 'Contact');
    cbc(contact, 'Name', p.contact.name);
    cbc(contact, 'Telephone', p.contact.phone);
    cbc(contact, 'ElectronicMail', p.contact.email);
  }
}

function partyTaxScheme(parent: XMLBuilder, companyId: string, scheme: string): void {
  const node = cac(parent, 'PartyTaxScheme');
  cbc(node, 'CompanyID', companyId);
  cbc(cac(node, 'TaxScheme'), 'ID', scheme);
}

/** BG-10 `cac:PayeeParty`, with the SEPA creditor id (BT-90) when the payee collects a direct debit. */
export function payeeParty(parent: XMLBuilder, payee: EPayee, sepaCreditorId: string | null): void {
  const node = cac(parent, 'PayeeParty');
  if (payee.identifier !== null) {
    const scheme = payee.identifier.scheme === null ? undefined : { schemeID: payee.identifier.scheme };
    cbc(cac(node, 'PartyIdentification'), 'ID', payee.identifier.value, scheme);
  }
  if (sepaCreditorId !== null) {
    cbc(cac(node, 'PartyIdentification'), 'ID', sepaCreditorId, { schemeID: 'SEPA' });
  }
  cbc(cac(node, 'PartyName'), 'Name', payee.name);
  if (payee.legalId !== null) cbc(cac(node, 'PartyLegalEntity'), 'CompanyID', payee.legalId);
}

/** BG-11 `cac:TaxRepresentativeParty`. */
export function taxRepresentativeParty(parent: XMLBuilder, rep: ETaxRepresentative): void {
  const node = cac(parent, 'TaxRepresentativeParty');
  cbc(cac(node, 'PartyName'), 'Name', rep.name);
  address(node, 'PostalAddress', rep.address);
  partyTaxScheme(node, rep.vatId, 'VAT');
}
