// The invoice the template screens draw: realistic enough to judge a layout (two parties with addresses,
// several lines, a discount, two VAT rates, payment details).
export function sampleDocument(language: string) {
  const german = language === 'de';
  return {
    document_type: 'invoice',
    data: {
      invoice_number: 'INV-2026-0042',
      issue_date: new Date().toISOString().slice(0, 10),
      currency: 'EUR',
      seller: {
        name: 'Nordlicht Studio GmbH',
        email: 'billing@nordlicht.example',
        tax_id: 'DE123456789',
        address: { line1: 'Hafenstraße 12', postal_code: '20457', city: 'Hamburg', country: 'DE' },
      },
      buyer: {
        name: 'Bäckerei Sonnenschein',
        email: 'office@sonnenschein.example',
        address: { line1: 'Marktplatz 3', postal_code: '80331', city: 'München', country: 'DE' },
      },
      line_items: [
        {
          name: german ? 'Webseite: Gestaltung' : 'Website design',
          quantity: '24',
          unit: 'h',
          unit_price: '95.00',
          taxes: [{ name: 'VAT', rate: '19' }],
        },
        {
          name: german ? 'Fotografie' : 'Photography',
          quantity: '1',
          unit_price: '480.00',
          taxes: [{ name: 'VAT', rate: '19' }],
        },
        {
          name: german ? 'Fachbuch' : 'Reference book',
          quantity: '2',
          unit_price: '39.90',
          taxes: [{ name: 'VAT', rate: '7' }],
        },
      ],
      discounts: [{ type: 'percentage', value: '5', reason: german ? 'Stammkunde' : 'Loyal customer' }],
      payment: {
        instructions: german ? 'Zahlbar innerhalb von 14 Tagen.' : 'Payable within 14 days.',
        bank_account: {
          bank_name: 'Hamburger Sparkasse',
          account_number: 'DE02200505501015871393',
          swift: 'HASPDEHHXXX',
        },
      },
    },
  };
}
