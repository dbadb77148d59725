import { t } from 'elysia';
import { DocumentData, DocumentTypeSchema } from '../documents';

export const ProfileSchema = t.String({
  description: 'factur_x_en16931, peppol_bis_billing_3, xrechnung_ubl or xrechnung_cii (no default)',
  examples: ['peppol_bis_billing_3'],
});

/**
 * Largest XML accepted for checking: a 10,000-line invoice is about 14 MB. As the linear scan's limit
 * (einvoicing/xsd/xml-limits.ts); the request body limit (MAX_BODY_BYTES) applies first.
 */
export const MAX_XML_CHARS = 16 * 1024 * 1024;

/** `{profile, document_type?, data}` checks a document; `{profile, xml}` checks an e-invoice received from elsewhere. */
export const ComplianceBody = t.Object(
  {
    profile: ProfileSchema,
    document_type: t.Optional(DocumentTypeSchema),
    data: t.Optional(DocumentData),
    xml: t.Optional(t.String({ minLength: 1, maxLength: MAX_XML_CHARS, description: 'UBL or CII text' })),
  },
  { additionalProperties: false },
);
export type ComplianceBody = typeof ComplianceBody.static;

export const XmlBody = t.Object(
  { profile: ProfileSchema, document_type: t.Optional(DocumentTypeSchema), data: DocumentData },
  { additionalProperties: false },
);
export type XmlBody = typeof XmlBody.static;

const Violation = t.Object({
  rule: t.String(),
  path: t.String(),
  message: t.String(),
  severity: t.Union([t.Literal('fatal'), t.Literal('warning')]),
  ruleset: t.String(),
});

export const ComplianceResult = t.Object({
  profile: t.String(),
  ruleset_version: t.String(),
  valid: t.Boolean(),
  in_scope: t.Boolean(),
  fully_checked: t.Boolean(),
  rulesets: t.Array(
    t.Object({
      id: t.String(),
      label: t.String(),
      version: t.String(),
      valid_from: t.Optional(
        t.String({
          description: "When the rule pack's manifest gives it: the date this release is in force from",
        }),
      ),
      ran: t.Boolean(),
      reason: t.Union([t.String(), t.Null()]),
    }),
  ),
  violations: t.Array(Violation),
});
export type ComplianceResult = typeof ComplianceResult.static;
