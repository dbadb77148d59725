// The business profile form's VAT for new lines, as it becomes the API's `default_tax` and back.
import { describe, expect, test } from 'bun:test';
import {
  defaultTaxBody,
  defaultTaxProblems,
  defaultTaxValues,
  SMALL_BUSINESS_REASON,
} from '../../src/console/pages/parties/default-tax';

const values = (rate: string, category = '', reason = '', code = '') => ({
  'default_tax.rate': rate,
  'default_tax.category': category,
  'default_tax.exemption_reason': reason,
  'default_tax.exemption_reason_code': code,
});

describe('the profile form: VAT on new lines', () => {
  test('a new profile sends nothing when left empty, a rate above 0 as the standard rate', () => {
    expect(defaultTaxBody(values(''), null)).toBeUndefined();
    expect(defaultTaxBody(values(' 7 '), null)).toEqual({ rate: '7', category: 'S' });
    // A category and reason left over from an earlier 0 % do not go with a rate above it.
    expect(defaultTaxBody(values('20', 'E', 'alt'), null)).toEqual({ rate: '20', category: 'S' });
  });

  test("a Kleinunternehmer's 0 % goes with its category and legal basis; Z with none", () => {
    expect(defaultTaxBody(values('0', 'E', ` ${SMALL_BUSINESS_REASON} `), null)).toEqual({
      rate: '0',
      category: 'E',
      exemption_reason: SMALL_BUSINESS_REASON,
    });
    expect(defaultTaxBody(values('0', 'Z', 'kein Grund'), null)).toEqual({ rate: '0', category: 'Z' });
  });

  test('editing: unchanged sends nothing, emptied sends null, the stored default reads back', () => {
    const stored = defaultTaxValues({ rate: '0', category: 'E', exemption_reason: SMALL_BUSINESS_REASON });
    expect(stored).toEqual(values('0', 'E', SMALL_BUSINESS_REASON));
    expect(defaultTaxBody(stored, stored)).toBeUndefined();
    expect(defaultTaxBody(values(''), stored)).toBeNull();
    expect(defaultTaxValues({ rate: '19', category: 'S' })).toEqual(values('19'));
    expect(defaultTaxValues(undefined)).toEqual(values(''));
  });

  test('a VATEX code set over the API is kept while the category stays, dropped with another', () => {
    const stored = defaultTaxValues({ rate: '0', category: 'AE', exemption_reason_code: 'VATEX-EU-AE' });
    const reason = {
      ...stored,
      'default_tax.exemption_reason': 'Steuerschuldnerschaft des Leistungsempfängers',
    };
    expect(defaultTaxBody(reason, stored)).toEqual({
      rate: '0',
      category: 'AE',
      exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers',
      exemption_reason_code: 'VATEX-EU-AE',
    });
    expect(defaultTaxBody({ ...stored, 'default_tax.category': 'E' }, stored)).toEqual({
      rate: '0',
      category: 'E',
    });
  });

  test('a rate that cannot be read and a 0 % without its category are asked about before sending', () => {
    expect(defaultTaxProblems(values('sieben')).map((p) => p.loc)).toEqual(['body.default_tax.rate']);
    expect(defaultTaxProblems(values('0')).map((p) => p.loc)).toEqual(['body.default_tax.category']);
    expect(defaultTaxProblems(values('0', 'E'))).toEqual([]);
    expect(defaultTaxProblems(values(''))).toEqual([]);
  });
});
