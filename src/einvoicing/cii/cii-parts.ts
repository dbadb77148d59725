// UN/CEFACT CII D16B building blocks: parties, addresses, dates, trade taxes. Element order follows the
// Factur-X 1.0.07 EN 16931 XSD, which is the D16B order with the elements EN 16931 does not use removed.

import type {
  EAddress,
  EIdentifier,
  EParty,
  EPayee,
  ETaxRepresentative,
  EVatCategory,
} from '../semantic/types';
import { leaf, type XMLBuilder } from '../semantic/xml';

export const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
export const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
export const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
export const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

export const ram = (parent: XMLBuilder, name: string): XMLBuilder => parent.ele(RAM, `ram:${name}`);
export const ramLeaf = (
  parent: XMLBuilder,
  name: string,
  value: string | null,
  attributes?: Record<string, string>,
) => leaf(parent, RAM, `ram:${name}`, value, attributes);

/** A date as CII writes it: format 102 (YYYYMMDD), in the udt or (referenced documents) the qdt type. */
export function date(parent: XMLBuilder, name: string, isoDate: string, qualified = false): void {
  const [ns, prefix] = qualified ? [QDT, 'qdt'] : [UDT, 'udt'];
  leaf(ram(parent, name), ns, `${prefix}:DateTimeString`, isoDate.replaceAll('-', ''), { format: '102' });
}

/** A udt:DateType (TaxPointDate): `udt:DateString` format 102, not a date-time. */
export function dateOnly(parent: XMLBuilder, name: string, isoDate: string): void {
  leaf(ram(parent, name), UDT, 'udt:DateString', isoDate.replaceAll('-', ''), { format: '102' });
}

export const indicator = (parent: XMLBuilder, value: boolean) =>
  leaf(ram(parent, 'ChargeIndicator'), UDT, 'udt:Indicator', value ? 'true' : 'false');

/** BT-151/152, BT-95/96, BT-102/103: TypeCode, CategoryCode, RateApplicablePercent (XSD order). */
export function tradeTax(parent: XMLBuilder, name: string, vat: EVatCategory, scheme: string): void {
  const node = ram(parent, name);
  ramLeaf(node, 'TypeCode', scheme);
  ramLeaf(node, 'CategoryCode', vat.code);
  ramLeaf(node, 'RateApplicablePercent', vat.rate);
}

/** BG-5 / BG-8 / BG-15. The Factur-X XSD requires CountryID; a missing country is BR-09/BR-11's to report. */
export function address(parent: XMLBuilder, a: EAddress): void {
  const node = ram(parent, 'PostalTradeAddress');
  ramLeaf(node, 'PostcodeCode', a.postalCode);
  ramLeaf(node, 'LineOne', a.line1);
  ramLeaf(node, 'LineTwo', a.line2);
  ramLeaf(node, 'LineThree', a.line3);
  ramLeaf(node, 'CityName', a.city);
  ramLeaf(node, 'CountryID', a.country);
  ramLeaf(node, 'CountrySubDivisionName', a.subdivision);
}

/** BG-4 (`SellerTradeParty`) / BG-7 (`BuyerTradeParty`). */
export function party(parent: XMLBuilder, name: string, p: EParty): void {
  const node = ram(parent, name);
  if (p.identifier !== null) identifier(node, p.identifier);
  ramLeaf(node, 'Name', p.name);
  ramLeaf(node, 'Description', p.legalInfo);
  if (p.legalId !== null || p.tradingName !== null) {
    const legal = ram(node, 'SpecifiedLegalOrganization');
    if (p.legalId !== null) {
      const scheme = p.legalId.scheme === null ? undefined : { schemeID: p.legalId.scheme };
      ramLeaf(legal, 'ID', p.legalId.value, scheme);
    }
    ramLeaf(legal, 'TradingBusinessName', p.tradingName);
  }
  if (p.contact !== null) {
    const contact = ram(node, 'DefinedTradeContact');
    ramLeaf(contact, 'PersonName', p.contact.name);
    if (p.contact.phone !== null)
      ramLeaf(ram(contact, 'TelephoneUniversalCommunication'), 'CompleteNumber', p.contact.phone);
    if (p.contact.email !== null)
      ramLeaf(ram(contact, 'EmailURIUniversalCommunication'), 'URIID', p.contact.email);
  }
  if (p.address !== null) address(node, p.address);
  if (p.electronicAddress !== null) {
    const uri = ram(node, 'URIUniversalCommunication');
    ramLeaf(uri, 'URIID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
  }
  // VA = VAT identifier (BT-31/BT-48), FC = the seller's national tax number (BT-32).
  if (p.vatId !== null) ramLeaf(ram(node, 'SpecifiedTaxRegistration'), 'ID', p.vatId, { schemeID: 'VA' });
  if (p.taxRegistrationId !== null) {
    ramLeaf(ram(node, 'SpecifiedTaxRegistration'), 'ID', p.taxRegistrationId, { schemeID: 'FC' });
  }
}

/** BG-10 `ram:PayeeTradeParty`: BT-60 as an ID (GlobalID with a scheme), BT-59, BT-61. */
export function payeeParty(parent: XMLBuilder, payee: EPayee): void {
  const node = ram(parent, 'PayeeTradeParty');
  if (payee.identifier !== null) identifier(node, payee.identifier);
  ramLeaf(node, 'Name', payee.name);
  if (payee.legalId !== null) ramLeaf(ram(node, 'SpecifiedLegalOrganization'), 'ID', payee.legalId);
}

/** BG-11 `ram:SellerTaxRepresentativeTradeParty`. */
export function taxRepresentativeParty(parent: XMLBuilder, rep: ETaxRepresentative): void {
  const node = ram(parent, 'SellerTaxRepresentativeTradeParty');
  ramLeaf(node, 'Name', rep.name);
  address(node, rep.address);
  ramLeaf(ram(node, 'SpecifiedTaxRegistration'), 'ID', rep.vatId, { schemeID: 'VA' });
}

/** BT-29 / BT-46 / BT-60 / BT-71: `ram:ID` without a scheme, `ram:GlobalID` with one. */
export function identifier(parent: XMLBuilder, id: EIdentifier): void {
  if (id.scheme === null) ramLeaf(parent, 'ID', id.value);
  else ramLeaf(parent, 'GlobalID', id.value, { schemeID: id.scheme });
}
