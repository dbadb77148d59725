// The web console's types of the API's objects come from the service's own OpenAPI document, as its paths do
// (src/console/api-paths.ts): src/console/api-types.ts is generated from the schemas named in SCHEMAS below,
// so a field the API adds or changes reaches the console's types. The document is built in-process from the
// route table (buildApp with no service behind it: nothing but the document is asked of it), no server.
// This test fails when the file is stale; `UPDATE_API_TYPES=1 bun test test/unit/console-api-types.test.ts`
// (or `npm run generate`) writes it anew.
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import type { AppDeps } from '../../src/deps';
import { expectGenerated } from '../generated';

const ROOT = join(import.meta.dir, '..', '..');
const FILE = join(ROOT, 'src', 'console', 'api-types.ts');

/**
 * The API objects the console names, and where the document describes each: `METHOD /path` (without
 * /api/v1), the operation's `request` body or its JSON `response` (2xx), then property names (`[]`: an
 * array's item). A nullable object is named without its null, which stays where it is used. A type named
 * here is written by its name wherever the same type recurs (a customer's address, a payment, money).
 */
const SCHEMAS: Record<string, string> = {
  Me: 'GET /auth/me response.data',
  Account: 'GET /auth/me response.data.account',
  Pagination: 'GET /documents response.pagination',
  Invitation: 'GET /invitations/{token} response.data',
  User: 'POST /invitations/{token}/accept response.data',
  Workspace: 'GET /workspaces response.data[]',
  Member: 'GET /workspaces/{workspace_id}/members response.data[]',
  MemberInvitation: 'POST /workspaces/{workspace_id}/invitations response.data',
  ApiKey: 'GET /api-keys response.data[]',
  NewApiKey: 'POST /api-keys response.data',
  AccountUsage: 'GET /usage response.data',
  UsageLimits: 'GET /usage/limits response.data',
  BillingPlan: 'GET /billing/plans response.data[]',
  Subscription: 'GET /billing/subscription response.data',
  BusinessProfile: 'GET /business-profiles/{id} response.data',
  BusinessProfileSummary: 'GET /business-profiles response.data[]',
  Customer: 'GET /customers/{id} response.data',
  CustomerSummary: 'GET /customers response.data[]',
  Address: 'GET /customers/{id} response.data.billing_address',
  ElectronicAddress: 'GET /customers/{id} response.data.electronic_address',
  Product: 'GET /products/{id} response.data',
  StoredFile: 'GET /files/{file_id} response.data',
  UnitCode: 'GET /reference/unit-codes response.data[]',
  DocumentTypeInfo: 'GET /reference/document-types response.data[]',
  Font: 'GET /reference/fonts response.data[]',
  NumberingSequence: 'GET /numbering-sequences/{sequence_id} response.data',
  StoredDocument: 'GET /documents/{document_id} response.data',
  DocumentType: 'GET /documents/{document_id} response.data.document_type',
  DocumentStatus: 'GET /documents/{document_id} response.data.status',
  Totals: 'GET /documents/{document_id} response.data.totals',
  Money: 'GET /documents/{document_id} response.data.totals.subtotal',
  DocumentData: 'POST /documents/calculate request.data',
  Party: 'POST /documents/calculate request.data.seller',
  LineItem: 'POST /documents/calculate request.data.line_items[]',
  LineDiscount: 'POST /documents/calculate request.data.line_items[].discount',
  Tax: 'POST /documents/calculate request.data.line_items[].taxes[]',
  Discount: 'POST /documents/calculate request.data.discounts[]',
  PaymentTerms: 'POST /documents/calculate request.data.payment',
  EarlyPaymentDiscount: 'POST /documents/calculate request.data.payment.early_payment_discounts[]',
  BankAccount: 'POST /documents/calculate request.data.payment.bank_account',
  Calculation: 'POST /documents/calculate response.data',
  FinalizeCheck: 'POST /documents/{document_id}/finalize-check response.data',
  Finding: 'POST /documents/{document_id}/finalize-check response.data.violations[]',
  ComplianceResult: 'POST /documents/validate-compliance response.data',
  Violation: 'POST /documents/validate-compliance response.data.violations[]',
  Payment: 'GET /payments response.data[]',
  Delivery: 'GET /documents/{document_id}/deliveries response.data[]',
  Reminder: 'GET /documents/{document_id}/reminders response.data[]',
  DunningPolicy: 'GET /dunning-policy response.data',
  DunningLevel: 'GET /dunning-policy response.data.levels[]',
  DunningPolicyBody: 'PUT /dunning-policy request',
  RecurringInvoice: 'GET /recurring-invoices/{recurring_id} response.data',
  GeneratedInvoice: 'GET /recurring-invoices/{recurring_id}/invoices response.data[]',
  ReceivablesReport: 'GET /reports/receivables response.data',
  ReceivablesFigures: 'GET /reports/receivables response.data.currencies[]',
  RevenueReport: 'GET /reports/revenue response.data',
  ReceivedDocument: 'GET /received-documents/{received_id} response.data',
  ReceivedLine: 'GET /received-documents/{received_id} response.data.lines[]',
  ReceivedPayment: 'GET /received-documents/{received_id} response.data.payment',
  ReceivedDocumentPayment: 'GET /received-documents/{received_id}/payments response.data[]',
  BuiltInTemplate: 'GET /templates response.data[]',
  CustomTemplate: 'GET /templates/custom/{template_id} response.data',
  CustomTemplateListed: 'GET /templates/custom response.data[]',
  TemplateConfig: 'GET /templates/custom/{template_id} response.data.config',
  TemplateVersion: 'GET /templates/{template_id}/versions response.data[]',
  BrandingProfile: 'GET /branding-profiles/{id} response.data',
  Batch: 'GET /batches/{batch_id} response.data',
  Import: 'GET /imports/{import_id} response.data',
  AccountingSettings: 'GET /settings/accounting response.data',
  AccountAssignment: 'GET /settings/accounting response.data.revenue_accounts.standard_19',
  ArchiveExport: 'GET /exports/archive/{archive_id} response.data',
  Channel: 'GET /channels response.data[]',
  ChannelTest: 'POST /channels/{channel}/test response.data',
  NetworkDelivery: 'GET /network-deliveries/{delivery_id} response.data',
  NetworkDeliveryEvent: 'GET /network-deliveries/{delivery_id} response.data.events[]',
  ReceivedTransport: 'GET /received-documents/{received_id}/transport response.data',
  CustomerNetworks: 'GET /customers/{id}/networks response.data',
};

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
}

type Operation = {
  requestBody?: { content?: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Paths = Record<string, Record<string, Operation>>;

/** The service's OpenAPI document, from its route table: no database, no server, nothing else asked. */
async function openApiDocument(): Promise<{ paths: Paths }> {
  const unused = (name: string) =>
    new Proxy(() => undefined, {
      get: (_target, key) => {
        throw new Error(
          `the OpenAPI document needed deps.${name}.${String(key)}: build it from a real service`,
        );
      },
      apply: () => {
        throw new Error(`the OpenAPI document needed deps.${name}(): build it from a real service`);
      },
    });
  const deps = new Proxy({} as AppDeps, { get: (_target, key) => unused(String(key)) });
  const response = await buildApp(deps).handle(new Request('http://localhost/api/v1/openapi.json'));
  expect(response.status).toBe(200);
  return (await response.json()) as { paths: Paths };
}

/** The schema `where` names (see SCHEMAS). */
function schemaAt(paths: Paths, where: string): Schema {
  const [method = '', path = '', pointer = ''] = where.split(' ');
  const operation = paths[`/api/v1${path}`]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${where}: the API has no ${method} ${path}`);
  const [part, ...steps] = pointer.split('.');
  const json =
    part === 'request'
      ? operation.requestBody?.content?.['application/json']
      : Object.entries(operation.responses ?? {}).find(
          ([status, response]) => status.startsWith('2') && response.content?.['application/json'],
        )?.[1].content?.['application/json'];
  if (!json || (part !== 'request' && part !== 'response')) throw new Error(`${where}: no JSON ${part}`);
  let schema = json.schema;
  for (const step of steps) {
    const [name = '', ...items] = step.split('[]');
    if (name) schema = nonNull(schema).properties?.[name] as Schema;
    for (const _ of items) schema = nonNull(schema).items as Schema;
    if (!schema) throw new Error(`${where}: no ${step}`);
  }
  return nonNull(schema);
}

function nonNull(schema: Schema): Schema {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const types = schema.type.filter((type) => type !== 'null');
  return { ...schema, type: types.length === 1 ? types[0] : types };
}

/**
 * A type twice: `bare` on one line without comments (what names are matched by), `shown` as written;
 * `compound` for a union (`|`) or an intersection (`&`), which may need parentheses inside another type.
 */
interface Emitted {
  bare: string;
  shown: string;
  compound?: '|' | '&';
}

const plain = (text: string): Emitted => ({ bare: text, shown: text });
const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const keyOf = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quoted(name));
const literal = (value: unknown) => (typeof value === 'string' ? quoted(value) : JSON.stringify(value));
/** `A | B` or `A & B`: a union inside an intersection takes parentheses. */
function joined(parts: Emitted[], by: '|' | '&'): Emitted {
  const operand = (part: Emitted, text: string) => (by === '&' && part.compound === '|' ? `(${text})` : text);
  return {
    bare: parts.map((part) => operand(part, part.bare)).join(` ${by} `),
    shown: parts.map((part) => operand(part, part.shown)).join(` ${by} `),
    compound: by,
  };
}
const docOf = (text: string | undefined) =>
  text ? `/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '';

/** JSON Schema, as TypeBox writes it into the document, as TypeScript; a named type by its name. */
class Emitter {
  constructor(private readonly names: ReadonlyMap<string, string>) {}

  type(schema: Schema): Emitted {
    const emitted = this.inline(schema);
    const name = this.names.get(emitted.bare);
    return name ? { bare: emitted.bare, shown: name } : emitted;
  }

  inline(schema: Schema): Emitted {
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      // Elysia's t.Numeric is a number, or a string of one in a query or a form; JSON carries the number.
      const numeric = alternatives.some((one) => one.type === 'integer' || one.type === 'number');
      const numberText = (one: Schema) =>
        one.type === 'string' && /^(integer|number)$/.test(one.format ?? '');
      return this.union(
        alternatives.filter((one) => !(numeric && numberText(one))).map((one) => this.type(one)),
      );
    }
    if (schema.allOf)
      return joined(
        schema.allOf.map((one) => this.type(one)),
        '&',
      );
    // A nullable union of literals comes as `type: ['string', 'null']` beside an enum without null.
    const orNull = Array.isArray(schema.type) && schema.type.includes('null') ? [plain('null')] : [];
    if ('const' in schema) return this.union([plain(literal(schema.const)), ...orNull]);
    if (schema.enum) return this.union([...schema.enum.map((value) => plain(literal(value))), ...orNull]);
    if (Array.isArray(schema.type))
      return this.union(schema.type.map((type) => this.type({ ...schema, type })));
    switch (schema.type) {
      case 'string':
      case 'boolean':
      case 'null':
        return plain(schema.type);
      case 'integer':
      case 'number':
        return plain('number');
      case 'array': {
        const item = schema.items ? this.type(schema.items) : plain('unknown');
        const of = (text: string) => (item.compound ? `(${text})[]` : `${text}[]`);
        return { bare: of(item.bare), shown: of(item.shown) };
      }
      case 'object':
        return this.object(schema);
      case undefined:
        return schema.properties ? this.object(schema) : plain('unknown');
      default:
        throw new Error(`no TypeScript type for the schema type ${JSON.stringify(schema.type)}`);
    }
  }

  private union(members: Emitted[]): Emitted {
    const unique = [...new Map(members.map((member) => [member.bare, member])).values()];
    if (unique.some((member) => member.bare === 'unknown')) return plain('unknown');
    return unique.length <= 1 ? (unique[0] ?? plain('never')) : joined(unique, '|');
  }

  private object(schema: Schema): Emitted {
    const open = [
      ...Object.values(schema.patternProperties ?? {}),
      ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ];
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) {
      if (open.length === 0)
        return plain(`Record<string, ${schema.additionalProperties === false ? 'never' : 'unknown'}>`);
      const value = this.union(open.map((one) => this.type(one)));
      return { bare: `Record<string, ${value.bare}>`, shown: `Record<string, ${value.shown}>` };
    }
    const required = new Set(schema.required ?? []);
    const bare: string[] = [];
    const shown: string[] = [];
    for (const [name, property] of properties) {
      const member = `${keyOf(name)}${required.has(name) ? '' : '?'}`;
      const type = this.type(property);
      bare.push(`${member}: ${type.bare};`);
      shown.push(`${docOf(property.description)}${member}: ${type.shown};`);
    }
    // Named properties beside a pattern of others: those others are not described further.
    if (open.length > 0) {
      bare.push('[key: string]: unknown;');
      shown.push('[key: string]: unknown;');
    }
    return { bare: `{ ${bare.join(' ')} }`, shown: `{\n${shown.join('\n')}\n}` };
  }
}

/** The file's text before the formatter: each name's type, in the order of SCHEMAS. */
function generated(paths: Paths): string {
  const schemas = Object.entries(SCHEMAS).map(([name, where]) => ({
    name,
    where,
    schema: schemaAt(paths, where),
  }));
  const unnamed = new Emitter(new Map());
  const names = new Map<string, string>();
  for (const { name, schema } of schemas) {
    const { bare } = unnamed.inline(schema);
    // Only objects and choices of literals are worth a name where they recur; never `string` or `string[]`.
    if (/[{']/.test(bare) && !names.has(bare)) names.set(bare, name);
  }
  const emitter = new Emitter(names);
  const lines = [
    '// Generated from the service OpenAPI document (GET /api/v1/openapi.json) by',
    '// test/unit/console-api-types.test.ts, which names the schemas; run it with UPDATE_API_TYPES=1 (or',
    '// `npm run generate`) to write it anew. Do not edit.',
  ];
  for (const { name, where, schema } of schemas) {
    const type = emitter.inline(schema);
    const same = names.get(type.bare);
    lines.push('', `/** ${where} */`);
    if (same && same !== name) lines.push(`export type ${name} = ${same};`);
    else if (type.shown.startsWith('{')) lines.push(`export interface ${name} ${type.shown}`);
    else lines.push(`export type ${name} = ${type.shown};`);
  }
  return `${lines.join('\n')}\n`;
}

/** As the repository's formatter writes it (biome, the same settings as `npm run lint`). */
function formatted(text: string): string {
  const biome = Bun.spawnSync(
    [join(ROOT, 'node_modules', '.bin', 'biome'), 'format', `--stdin-file-path=${FILE}`],
    {
      cwd: ROOT,
      stdin: new TextEncoder().encode(text),
    },
  );
  if (biome.exitCode !== 0) throw new Error(`biome format: ${biome.stderr.toString()}`);
  return biome.stdout.toString();
}

test('src/console/api-types.ts is what the OpenAPI document says today', async () => {
  const expected = formatted(generated((await openApiDocument()).paths));
  expect(expected).toContain('export interface StoredDocument {');
  expect(expected).toContain('  totals: Totals;');
  expectGenerated(FILE, expected, 'UPDATE_API_TYPES');
});

test('the schemas TypeBox writes, as TypeScript', () => {
  const shown = (schema: Schema, names: Record<string, string> = {}) =>
    new Emitter(new Map(Object.entries(names))).type(schema).shown;
  const text = { type: 'string' };
  expect(shown({ type: ['string', 'null'], enum: ['A4', 'LETTER'] })).toBe("'A4' | 'LETTER' | null");
  expect(shown({ anyOf: [{ type: 'string', format: 'integer' }, { type: 'integer' }] })).toBe('number');
  expect(shown({ type: 'array', items: { anyOf: [text, { const: 1 }] } })).toBe('(string | 1)[]');
  expect(shown({ type: 'object', patternProperties: { '^(.*)$': {} } })).toBe('Record<string, unknown>');
  expect(shown({ allOf: [{ anyOf: [text, { type: 'null' }] }, { type: 'boolean' }] })).toBe(
    '(string | null) & boolean',
  );
  const money = { type: 'object', required: ['amount'], properties: { amount: text } };
  expect(
    shown(
      {
        type: 'object',
        required: ['total'],
        properties: { total: money, '0-30': { ...money, type: ['object', 'null'], description: 'Due */' } },
      },
      { '{ amount: string; }': 'Money' },
    ),
  ).toBe("{\ntotal: Money;\n/** Due *\\/ */\n'0-30'?: Money | null;\n}");
});
