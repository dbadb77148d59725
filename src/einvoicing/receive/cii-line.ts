// A CII invoice line (IncludedSupplyChainTradeLineItem, BG-25) read into a line of the document data.
import type { DocumentData } from '../../domain/document-data';
import type { MinorUnits } from '../../domain/money';
import { allowancesAndCharges, date, referenceOf, taxInfo } from './cii-terms';
import {
  all,
  at,
  attr,
  attributesOf,
  classificationsOf,
  defined,
  nonEmpty,
  text,
  type XmlElement,
} from './dom';
import { ciiGrossOf, lineGrossOf, linePriceOf } from './line-price';
import { lineDiscountOf, type Money, signedQuantity, taxesOf } from './shared';
import type { ReceiveWarning } from './types';

type Line = DocumentData['line_items'][number];

export function line(
  el: XmlElement,
  exempt: Map<string, { reason?: string; code?: string }>,
  warnings: ReceiveWarning[],
  minorUnits: MinorUnits,
): Line {
  const product = at(el, 'SpecifiedTradeProduct');
  const agreement = at(el, 'SpecifiedLineTradeAgreement');
  const net = at(agreement, 'NetPriceProductTradePrice');
  const quantity = at(el, 'SpecifiedLineTradeDelivery/BilledQuantity');
  const settlement = at(el, 'SpecifiedLineTradeSettlement');
  const id = text(el, 'AssociatedDocumentLineDocument/LineID') ?? '?';
  const { allowances, charges } = allowancesAndCharges(settlement);
  const period = at(settlement, 'BillingSpecifiedPeriod');
  const objectRef = all(settlement, 'AdditionalReferencedDocument').find(
    (d) => text(d, 'TypeCode') === '130',
  );
  const standard = at(product, 'GlobalID');
  const lineAmount = text(settlement, 'SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount');
  const signed = signedQuantity(text(quantity) ?? '0', text(net, 'ChargeAmount') ?? '0', lineAmount);
  const money = (ac: XmlElement): Money => ({
    amount: text(ac, 'ActualAmount') ?? '0',
    reason: text(ac, 'Reason'),
    code: text(ac, 'ReasonCode'),
    percent: text(ac, 'CalculationPercent'),
    base: text(ac, 'BasisAmount'),
  });
  const priced = linePriceOf(
    {
      quantity: signed,
      price: text(net, 'ChargeAmount') ?? '0',
      baseQuantity: text(net, 'BasisQuantity'),
      baseUnit: attr(at(net, 'BasisQuantity'), 'unitCode'),
      unit: attr(quantity, 'unitCode'),
      gross: ciiGrossOf(at(agreement, 'GrossPriceProductTradePrice')),
      amount: lineAmount,
      allowances: allowances.map((a) => text(a, 'ActualAmount') ?? '0'),
      charges: charges.map((c) => text(c, 'ActualAmount') ?? '0'),
      minorUnits,
    },
    `line ${id}`,
    warnings,
  );
  return defined({
    name: text(product, 'Name') ?? '-',
    description: text(product, 'Description'),
    quantity: signed,
    unit_code: attr(quantity, 'unitCode'),
    ...priced,
    sku: text(product, 'SellerAssignedID'),
    buyer_item_id: text(product, 'BuyerAssignedID'),
    standard_item_id:
      standard && text(standard) && attr(standard, 'schemeID')
        ? { id: text(standard) as string, scheme_id: attr(standard, 'schemeID') as string }
        : undefined,
    origin_country: text(product, 'OriginTradeCountry/ID'),
    note: text(el, 'AssociatedDocumentLineDocument/IncludedNote/Content'),
    accounting_reference: text(settlement, 'ReceivableSpecifiedTradeAccountingAccount/ID'),
    order_line_reference: text(agreement, 'BuyerOrderReferencedDocument/LineID'),
    period: period
      ? defined({
          start_date: date(period, 'StartDateTime/DateTimeString'),
          end_date: date(period, 'EndDateTime/DateTimeString'),
        })
      : undefined,
    object_identifier: referenceOf(objectRef),
    classifications: classificationsOf(all(product, 'DesignatedProductClassification/ClassCode')),
    attributes: attributesOf(all(product, 'ApplicableProductCharacteristic'), 'Description'),
    discount: lineDiscountOf(
      allowances.map(money),
      `line ${id}`,
      warnings,
      lineGrossOf(signed, priced, minorUnits),
      minorUnits,
    ),
    charges: nonEmpty(
      charges.map((c) =>
        defined({
          amount: text(c, 'ActualAmount') ?? '0',
          reason: text(c, 'Reason') ?? 'Charge',
          reason_code: text(c, 'ReasonCode'),
        }),
      ),
    ),
    taxes: taxesOf(taxInfo(at(settlement, 'ApplicableTradeTax')), exempt),
  }) as Line;
}
