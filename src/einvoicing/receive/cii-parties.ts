// The parties of a CII invoice (seller, buyer, payee, tax representative, ship-to) read into the data.
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
  return defined({
    line1: text(el, 'LineOne') ?? text(el, 'CityName') ?? '-',
    line2: text(el, 'LineTwo'),
    line3: text(el, 'LineThree'),
    city: text(el, 'CityName'),
    postal_code: text(el, 'PostcodeCode'),
    state: text(el, 'CountrySubDivisionName'),
    country: text(el, 'CountryID'),
  }) as Address;
}

export function identifier(el: XmlElement | null): { id: string; scheme_id?: string } | undefined {
  const global = at(el, 'GlobalID');
  if (global && text(global))
    return defined({ id: text(global) as string, scheme_id: attr(global, 'schemeID') });
  const id = text(el, 'ID');
  return id ? { id } : undefined;
}

export function party(el: XmlElement | null, warnings: ReceiveWarning[], role: string): Party | undefined {
  if (!el) return undefined;
  const registered = text(el, 'Name');
  const trading = text(el, 'SpecifiedLegalOrganization/TradingBusinessName');
  const registrations = all(el, 'SpecifiedTaxRegistration/ID');
  const vat = registrations.find((r) => attr(r, 'schemeID') === 'VA') ?? registrations[0];
  // BT-32 beside a VAT id: the seller's national tax number (FC), kept as its tax_number.
  const taxNumber =
    role === 'seller' && attr(vat, 'schemeID') === 'VA'
      ? registrations.find((r) => attr(r, 'schemeID') === 'FC')
      : undefined;
  if (registrations.some((r) => r !== vat && r !== taxNumber)) {
    warnings.push({
      term: 'BT-32',
      path: `${role}.SpecifiedTaxRegistration`,
      message: 'A second tax registration is not kept',
      code: 'second_tax_registration',
      params: {},
    });
  }
  const contact = at(el, 'DefinedTradeContact');
  return defined({
    ...partyNames(registered, trading),
    tax_id: text(vat),
    tax_number: text(taxNumber),
    registration_number: text(el, 'SpecifiedLegalOrganization/ID'),
    registration_scheme: icdOf(at(el, 'SpecifiedLegalOrganization/ID')),
    legal_info: role === 'seller' ? text(el, 'Description') : undefined,
    contact_name: contactName(
      text(contact, 'PersonName') ?? text(contact, 'DepartmentName'),
      registered,
      trading,
    ),
    email: text(contact, 'EmailURIUniversalCommunication/URIID'),
    phone: text(contact, 'TelephoneUniversalCommunication/CompleteNumber'),
    address: address(at(el, 'PostalTradeAddress')),
    electronic_address: electronicAddressAt(at(el, 'URIUniversalCommunication/URIID')),
    identifier: identifier(el),
  }) as Party;
}
