// The parties of a UBL invoice (seller, buyer, payee, tax representative, delivery) read into the data.
import type { DocumentData } from '../../domain/document-data';
import {
  all,
  at,
  attr,
  contactName,
  defined,
  electronicAddressAt,
  icdOf,
  partyNames,
  text,
  type XmlElement,
} from './dom';
import type { ReceiveWarning } from './types';

type Party = NonNullable<DocumentData['seller']>;
type Address = NonNullable<Party['address']>;

export function address(el: XmlElement | null): Address | undefined {
  if (!el) return undefined;
  const street = text(el, 'StreetName');
  const line1 = street ?? text(el, 'AddressLine/Line') ?? text(el, 'CityName') ?? '-';
  return defined({
    line1,
    line2: text(el, 'AdditionalStreetName'),
    // BT-162/163/165: the address line, unless it stood in for a missing street.
    line3: street !== undefined ? text(el, 'AddressLine/Line') : undefined,
    city: text(el, 'CityName'),
    postal_code: text(el, 'PostalZone'),
    state: text(el, 'CountrySubentity'),
    country: text(el, 'Country/IdentificationCode'),
  }) as Address;
}

export function party(el: XmlElement | null, warnings: ReceiveWarning[], role: string): Party | undefined {
  if (!el) return undefined;
  const registered = text(el, 'PartyLegalEntity/RegistrationName');
  const trading = text(el, 'PartyName/Name');
  const schemes = all(el, 'PartyTaxScheme');
  const vat = schemes.find((s) => text(s, 'TaxScheme/ID') === 'VAT') ?? schemes[0];
  // BT-32 beside a VAT id: the seller's tax registration under another scheme, kept as its tax_number.
  const taxNumber =
    role === 'seller' && text(vat, 'TaxScheme/ID') === 'VAT'
      ? schemes.find((s) => s !== vat && text(s, 'CompanyID'))
      : undefined;
  if (schemes.some((s) => s !== vat && s !== taxNumber)) {
    warnings.push({
      term: 'BT-32',
      path: `${role}.PartyTaxScheme`,
      message: 'A second tax registration (the seller tax registration identifier) is not kept',
      code: 'second_tax_registration',
      params: {},
    });
  }
  return defined({
    ...partyNames(registered, trading),
    tax_id: text(vat, 'CompanyID'),
    tax_number: text(taxNumber, 'CompanyID'),
    registration_number: text(el, 'PartyLegalEntity/CompanyID'),
    registration_scheme: icdOf(at(el, 'PartyLegalEntity/CompanyID')),
    legal_info: role === 'seller' ? text(el, 'PartyLegalEntity/CompanyLegalForm') : undefined,
    contact_name: contactName(text(el, 'Contact/Name'), registered, trading),
    email: text(el, 'Contact/ElectronicMail'),
    phone: text(el, 'Contact/Telephone'),
    address: address(at(el, 'PostalAddress')),
    electronic_address: electronicAddressAt(at(el, 'EndpointID')),
    identifier: partyIdentifier(el),
  }) as Party;
}

/** BT-29 / BT-46 / BT-60: the party's first identification that is not its SEPA creditor id (BT-90). */
export function partyIdentifier(el: XmlElement | null): { id: string; scheme_id?: string } | undefined {
  const id = all(el, 'PartyIdentification/ID').find((i) => attr(i, 'schemeID') !== 'SEPA');
  return id && text(id) ? defined({ id: text(id) as string, scheme_id: attr(id, 'schemeID') }) : undefined;
}
