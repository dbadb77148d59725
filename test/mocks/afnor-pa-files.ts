// The files of the AFNOR PA stand-in (afnor-pa.ts): the checks a platform runs on a deposited file, the
// CDAR it writes about an invoice (written out here on purpose, not with the adapter's builder), and
// createFlow's multipart body taken apart byte for byte.

/** What the platform's checks find in a deposited file (antivirus aside). */
export function verdictOf(
  flow: Record<string, any>,
  bytes: Uint8Array,
  invoiceNumbersIn: ReadonlySet<string>,
): { reasonCode: string; reasonMessage: string } | null {
  const text = new TextDecoder().decode(bytes.subarray(0, 1_000_000));
  if (flow.flowSyntax === 'Factur-X') {
    if (!text.startsWith('%PDF-')) return { reasonCode: 'InvalidSchema', reasonMessage: 'not a PDF' };
    if (!text.includes('factur-x.xml'))
      return { reasonCode: 'InvalidSchema', reasonMessage: 'the PDF carries no factur-x.xml' };
    return null;
  }
  if (
    flow.flowSyntax === 'CII' &&
    !/CrossIndustryInvoice[\s\S]*urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100/.test(text)
  )
    return { reasonCode: 'InvalidSchema', reasonMessage: 'not a UN/CEFACT CII invoice' };
  if (
    flow.flowSyntax === 'UBL' &&
    !/urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2/.test(text)
  )
    return { reasonCode: 'InvalidSchema', reasonMessage: 'not a UBL invoice' };
  if (flow.flowSyntax === 'CDAR') {
    if (!text.includes('urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100'))
      return { reasonCode: 'InvalidSchema', reasonMessage: 'not a CDAR' };
    const code = /<ram:ProcessConditionCode>(\d+)</.exec(text)?.[1];
    if (!code || !['204', '205', '206', '207', '208', '210', '211'].includes(code))
      return {
        reasonCode: 'InvoiceLCInvalidStatus',
        reasonMessage: `a buyer does not send status ${code}`,
      };
    if (code === '210' && !/<ram:Reason>[^<]+</.test(text))
      return { reasonCode: 'InvoiceLCRuleError', reasonMessage: 'a refusal states its reason' };
    const number = /<ram:IssuerAssignedID>([^<]+)</.exec(text)?.[1];
    if (!number || !invoiceNumbersIn.has(number))
      return {
        reasonCode: 'InvoiceLCAccessDenied',
        reasonMessage: `no invoice ${number} was received here`,
      };
  }
  return null;
}

export const LABELS: Record<string, string> = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '207': 'En litige',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
};

/** A CDAR as a platform sends it about one invoice (mono-document). */
export function cdarOf(s: {
  invoiceNumber: string;
  code: string;
  label: string;
  reasonCode?: string;
  reason?: string;
}): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const status =
    s.reason || s.reasonCode
      ? `<ram:SpecifiedDocumentStatus>${s.reasonCode ? `<ram:ReasonCode>${esc(s.reasonCode)}</ram:ReasonCode>` : ''}${s.reason ? `<ram:Reason>${esc(s.reason)}</ram:Reason>` : ''}</ram:SpecifiedDocumentStatus>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${esc(s.invoiceNumber)}_${s.code}</ram:ID>
    <ram:IssueDateTime><udt:DateTimeString format="204">20261202100000</udt:DateTimeString></ram:IssueDateTime>
    <ram:SenderTradeParty><ram:RoleCode>WK</ram:RoleCode></ram:SenderTradeParty>
  </rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>
    <ram:TypeCode>23</ram:TypeCode>
    <ram:ReferenceReferencedDocument>
      <ram:IssuerAssignedID>${esc(s.invoiceNumber)}</ram:IssuerAssignedID>
      <ram:TypeCode>380</ram:TypeCode>
      <ram:ProcessConditionCode>${s.code}</ram:ProcessConditionCode>
      <ram:ProcessCondition>${esc(s.label)}</ram:ProcessCondition>
      ${status}
    </ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
`;
}

export interface MultipartPart {
  name: string;
  contentType: string | null;
  fileName: string | null;
  bytes: Uint8Array;
}

/** A multipart/form-data body taken apart byte for byte (binary parts intact); null when malformed. */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] | null {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = buffer.indexOf(delimiter);
  if (at !== 0) return null;
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (buffer.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    if (buffer.subarray(afterDelimiter, afterDelimiter + 2).toString() !== '\r\n') return null;
    const headerEnd = buffer.indexOf('\r\n\r\n', afterDelimiter);
    if (headerEnd < 0) return null;
    const next = buffer.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    if (next < 0) return null;
    const headers = buffer
      .subarray(afterDelimiter + 2, headerEnd)
      .toString('utf8')
      .split('\r\n');
    const header = (name: string) =>
      headers
        .find((h) => h.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim() ?? null;
    const disposition = header('content-disposition') ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      contentType: header('content-type'),
      fileName: /\bfilename="([^"]*)"/.exec(disposition)?.[1] ?? null,
      bytes: new Uint8Array(buffer.subarray(headerEnd + 4, next)),
    });
    at = next + 2;
  }
}
