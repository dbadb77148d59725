import { once } from 'node:events';
import type { Readable } from 'node:stream';
import dtd from '../../../../assets/gdpdu/gdpdu-01-09-2004.dtd' with { type: 'text' };
import type { AccountCtx } from '../../../shared/context';
import { zipTools } from '../../../shared/zip';
import { storeReachable } from '../../../storage/blob-store';
import { findAccountWithPlan } from '../../accounts';
import type { RenderServices } from '../../renders';
import { germanDate, TableWriter } from '../audit/gdpdu';
import { type DataSupplier, DTD_FILE, indexXml } from '../audit/index-xml';
import {
  type AuditInput,
  type Carrier,
  issuedOriginals,
  newCarrier,
  receivedOriginals,
} from '../audit/originals';
import {
  customersTable,
  documentsTable,
  gapsTable,
  linesTable,
  paymentsTable,
  periodHasGaps,
  receivedTable,
  suppliersTable,
  taxGroupsTable,
} from '../audit/passes';
import {
  CUSTOMERS,
  DOCUMENTS,
  LINES,
  NUMBERING_GAPS,
  PAYMENTS,
  RECEIVED,
  SUPPLIERS,
  TAX_GROUPS,
} from '../audit/tables';
import { checkPeriod } from '../period';
import { EntryNames } from './issued-originals';

export type { AuditInput } from '../audit/originals';

/** Who hands the data over: the firm as its newest issued document names it (else the account's name). */
async function dataSupplierOf(ctx: AccountCtx, carrier: Carrier, input: AuditInput): Promise<DataSupplier> {
  const { seller } = carrier;
  const name =
    seller?.legal_name || seller?.name || (await findAccountWithPlan(ctx.db, ctx.accountId))?.account.name;
  const address = seller?.address;
  const place = [address?.postal_code, address?.city].filter(Boolean).join(' ');
  return {
    name: name ?? '',
    location: [place, address?.country].filter(Boolean).join(', '),
    comment:
      `Datenträgerüberlassung nach § 147 Abs. 6 AO (GoBD, Z3): Ausgangs- und Eingangsbelege vom ` +
      `${germanDate(input.from)} bis ${germanDate(input.to)}, erstellt am ` +
      `${germanDate(ctx.clock.now().toISOString().slice(0, 10))}`,
  };
}

/** Text chunks as UTF-8 bytes, pulled one chunk at a time. */
async function* utf8(chunks: AsyncGenerator<string, void>): AsyncGenerator<Buffer, void> {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}

/**
 * The tax audit data carrier of a period (GoBD Z3; docs/exports.md) as a streamed ZIP: the issued and
 * received originals first (their pass decides which documents the tables describe), then one CSV per
 * table, the GDPdU DTD and `index.xml` describing every table. One file or one page of a table is produced
 * at a time, and the next only once the ZIP writer has taken it.
 */
export async function auditExport({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: AuditInput;
}): Promise<{ filename: string; body: ReadableStream }> {
  checkPeriod(input.from, input.to);
  // As the archive: the store away is a 503 at once, a download broken off midway, never holes.
  await storeReachable(services.blobs);
  const { ZipArchive, Readable } = await zipTools();
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = ctx.clock.now();
  const add = async (name: string, source: Buffer | Readable) => {
    const processed = once(archive, 'entry');
    archive.append(source, { name, date });
    await processed;
  };
  const carrier = newCarrier();
  const names = new EntryNames();
  const writers = {
    documents: new TableWriter(DOCUMENTS),
    lines: new TableWriter(LINES),
    taxGroups: new TableWriter(TAX_GROUPS),
    payments: new TableWriter(PAYMENTS),
    customers: new TableWriter(CUSTOMERS),
    received: new TableWriter(RECEIVED),
    suppliers: new TableWriter(SUPPLIERS),
  };
  const tables: [TableWriter, AsyncGenerator<string, void>][] = [
    [writers.documents, documentsTable(ctx, input, carrier, writers.documents)],
    [writers.lines, linesTable(ctx, input, carrier, writers.lines)],
    [writers.taxGroups, taxGroupsTable(ctx, input, carrier, writers.taxGroups)],
    [writers.payments, paymentsTable(ctx, input, carrier, writers.payments)],
    [writers.customers, customersTable(ctx, carrier, writers.customers)],
    [writers.received, receivedTable(ctx, input, carrier, writers.received)],
    [writers.suppliers, suppliersTable(carrier, writers.suppliers)],
  ];
  // The numbers deleted drafts left missing, and why (docs/exports.md): a table only when there are any.
  if (await periodHasGaps(ctx, input)) {
    const gaps = new TableWriter(NUMBERING_GAPS);
    tables.push([gaps, gapsTable(ctx, input, gaps)]);
  }
  const fill = async () => {
    try {
      for await (const e of issuedOriginals(ctx, services, input, names, carrier))
        await add(e.name, Buffer.from(e.bytes));
      for await (const e of receivedOriginals(ctx, services, input, names, carrier))
        await add(e.name, Buffer.from(e.bytes));
      for (const [writer, chunks] of tables) {
        await add(writer.spec.file, Readable.from(utf8(chunks), { objectMode: false }));
      }
      await add(DTD_FILE, Buffer.from(dtd, 'utf8'));
      const index = indexXml({
        supplier: await dataSupplierOf(ctx, carrier, input),
        media: `Datenträger 1 von 1: ${germanDate(input.from)} bis ${germanDate(input.to)}`,
        period: input,
        tables: tables.map(([writer]) => writer),
      });
      await add('index.xml', Buffer.from(index, 'utf8'));
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  };
  void fill();
  return {
    filename: `audit_${input.from}_${input.to}.zip`,
    body: Readable.toWeb(archive) as ReadableStream,
  };
}
