// SQLITE-ONLY TEST: its fixtures are SQLite data dirs and their backups made by older versions.
// The upgrade path: a data dir an earlier executable made and used, served by this one. Each fixture in
// test/fixtures/upgrade is the backup an executable built from an older commit of main made of a data dir it
// filled through its own API (test/fixtures/upgrade/README.md: how): a profile with a logo, customers, a
// numbering sequence, a custom template, drafts, finalized, sent and paid invoices and a credit note with
// their renders (and the issued files, where that version kept them), a monthly recurring invoice that made
// its first invoice, received e-invoices, a second API key, a person who signs in. Unpacked as the data dir
// it was (in place), and restored with this version's `restore`: both must keep everything as it was.
import { afterAll, describe, expect, test } from 'bun:test';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ZipReader } from '../../src/backup/zip-reader';
import { FakeClock } from '../../src/shared/clock';
import { type RequestOptions, runCli, sourceOnly, startServer, type TestServer, tempDir } from '../harness';

const FIXTURES = join(import.meta.dir, '../fixtures/upgrade');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

interface Fixture {
  made_by: string;
  api_key: string;
  second_key: string | null;
  user: { email: string; password: string } | null;
  profile_id: string;
  customer_ids: string[];
  sequence_id: string;
  template_id: string;
  documents: Record<string, { id: string; number: string; status: string; totals: unknown }>;
  renders: Record<string, { document_id: string; sha256: string }>;
  xml: Record<string, string>;
  recurring: { id: string; status: string; next_occurrence_date: string; occurrences_created: number } | null;
  recurring_invoices: number;
  received: { id: string; original_sha256: string } | null;
  /** A USD invoice received; its rate is null where the version had none to set (before migration 0042). */
  received_usd: { id: string; exchange_rate: string | null } | null;
}

const fixtureOf = (name: string): Fixture => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
const sha256 = (bytes: ArrayBuffer) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');

/** The data dir as the old version left it: its backup's database, signing secret and files, not migrated. */
async function unpackInPlace(name: string): Promise<string> {
  const dir = tempDir('inv-upgrade-');
  made.push(dir);
  const zip = ZipReader.open(join(FIXTURES, `${name}.zip`));
  try {
    for (const entry of zip.entries) {
      if (entry.name === 'backup.json') continue;
      const path = entry.name === 'database/invoice-service.db' ? 'invoice-service.db' : entry.name;
      mkdirSync(dirname(join(dir, path)), { recursive: true, mode: 0o700 });
      const fd = openSync(join(dir, path), 'wx', 0o600);
      try {
        await zip.extract(entry, fd);
      } finally {
        closeSync(fd);
      }
    }
  } finally {
    zip.close();
  }
  return dir;
}

/**
 * The first day's first account is on the Free plan (5 requests a second), as it was before the upgrade:
 * its 429s are waited out (docs/upgrading.md: `accounts set-plan` for the self-hosted plan).
 */
async function patiently(server: TestServer, path: string, init: RequestOptions = {}) {
  for (;;) {
    const res = await server.json(path, init);
    if (res.status !== 429) return res;
    await Bun.sleep(1_100);
  }
}

async function download(server: TestServer, key: string, path: string): Promise<string | number> {
  let res = await server.request(path, { key });
  while (res.status === 429) {
    await res.arrayBuffer();
    await Bun.sleep(1_100);
    res = await server.request(path, { key });
  }
  const bytes = await res.arrayBuffer();
  return res.status === 200 ? sha256(bytes) : res.status;
}

/** Everything the old version answered is answered the same (new fields may have been added). */
async function expectKept(server: TestServer, f: Fixture): Promise<void> {
  const key = f.api_key;
  for (const [id, before] of Object.entries(f.documents)) {
    const now = await patiently(server, `/api/v1/documents/${id}`, { key });
    expect(now.status).toBe(200);
    const { updated_at: _u, ...kept } = before as Record<string, unknown>;
    expect(now.body.data).toMatchObject(kept);
  }
  const listed = await patiently(server, '/api/v1/documents?limit=100', { key });
  expect(listed.body.data.map((d: { id: string }) => d.id).sort()).toEqual(Object.keys(f.documents).sort());
  for (const [id, render] of Object.entries(f.renders)) {
    expect(await download(server, key, `/api/v1/renders/${id}/download`)).toBe(render.sha256);
  }
  if (f.second_key)
    expect((await patiently(server, '/api/v1/auth/me', { key: f.second_key })).status).toBe(200);
  if (f.received) {
    expect(await download(server, key, `/api/v1/received-documents/${f.received.id}/original`)).toBe(
      f.received.original_sha256,
    );
  }
}

const fixtures = [
  { name: '2026-11-21-first', keepsIssued: false },
  { name: '2026-12-06-released', keepsIssued: true },
];

describe.each(fixtures)('a data dir made by an earlier version ($name)', ({ name, keepsIssued }) => {
  const f = fixtureOf(name);

  test.skipIf(sourceOnly)(
    'starts on it in place and keeps documents, files, keys, numbering and the recurring schedule',
    async () => {
      const dataDir = await unpackInPlace(name);
      // The day the fixture was made: the recurring invoice's next date is a month ahead, renders still valid.
      const server = await startServer({
        dataDir,
        clock: new FakeClock(new Date('2026-12-06T22:00:00.000Z')),
      });
      try {
        const key = f.api_key;
        await expectKept(server, f);

        // Issued is issued: the same look again is the PDF issued before the upgrade, byte for byte; and
        // where that version kept the XML, the XML too.
        for (const render of Object.values(f.renders)) {
          const again = await patiently(server, `/api/v1/documents/${render.document_id}/renders`, {
            method: 'POST',
            key,
            body: { template_id: f.template_id, page_size: 'A4' },
          });
          expect(again.status).toBe(200);
          expect(await download(server, key, `/api/v1/renders/${again.body.data.id}/download`)).toBe(
            render.sha256,
          );
        }
        if (keepsIssued) {
          for (const [id, xml] of Object.entries(f.xml)) {
            expect(await download(server, key, `/api/v1/documents/${id}/xml?profile=xrechnung_ubl`)).toBe(
              xml,
            );
          }
        }

        // The recurring schedule made its invoice for today before the upgrade: none again.
        await server.jobs.runDue();
        if (f.recurring) {
          const schedule = await patiently(server, `/api/v1/recurring-invoices/${f.recurring.id}`, { key });
          expect(schedule.body.data).toMatchObject(f.recurring);
          const invoices = await patiently(server, `/api/v1/recurring-invoices/${f.recurring.id}/invoices`, {
            key,
          });
          expect(invoices.body.data).toHaveLength(f.recurring_invoices);
        }

        // Numbering carries on after the last number the old version gave, no gap, no repeat.
        const numbers = Object.values(f.documents)
          .map((d) => d.number)
          .filter((n) => n.startsWith('RE-'))
          .sort();
        const last = numbers[numbers.length - 1] as string;
        const next = last.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(d.length, '0'));
        const created = await patiently(server, '/api/v1/documents', {
          method: 'POST',
          key,
          body: {
            issue_date: '2026-12-06',
            currency: 'EUR',
            tax_scheme: 'VAT',
            business_profile_id: f.profile_id,
            customer_id: f.customer_ids[0],
            numbering_sequence_id: f.sequence_id,
            line_items: [
              {
                name: 'After the upgrade',
                quantity: '1',
                unit_price: '10.00',
                taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
              },
            ],
          },
        });
        expect(created.status).toBe(200);
        const finalized = await patiently(server, `/api/v1/documents/${created.body.data.id}/finalize`, {
          method: 'POST',
          key,
        });
        expect(finalized.status).toBe(200);
        expect(finalized.body.data.number).toBe(next);

        if (f.user) {
          const session = await patiently(server, '/api/v1/sessions', {
            method: 'POST',
            body: f.user,
            headers: { origin: server.url },
          });
          expect(session.status).toBe(201);
        }
        if (f.received_usd) {
          // The rate the bookkeeper set is kept (none where the version had no rate), and can be set now:
          // the rate and its date are columns 0042 added to rows received before it.
          const usd = await patiently(server, `/api/v1/received-documents/${f.received_usd.id}`, { key });
          expect(usd.body.data.exchange_rate).toBe(f.received_usd.exchange_rate);
          const changed = await patiently(server, `/api/v1/received-documents/${f.received_usd.id}`, {
            method: 'PATCH',
            key,
            body: { exchange_rate: '0.93' },
          });
          expect(changed.status).toBe(200);
          expect(changed.body.data.exchange_rate).toBe('0.93');
        }
      } finally {
        await server.stop();
      }
    },
    120_000,
  );

  test("this version's restore takes its backup, and the restored data dir keeps everything", async () => {
    const dataDir = join(tempDir('inv-upgrade-restore-'), 'data');
    made.push(dirname(dataDir));
    const restored = runCli(['restore', join(FIXTURES, `${name}.zip`)], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const server = await startServer({
      dataDir,
      ...(sourceOnly ? {} : { clock: new FakeClock(new Date('2026-12-06T22:00:00.000Z')) }),
    });
    try {
      if (sourceOnly) {
        // The executable runs on the machine's clock: renders made on the fixture's day may have expired.
        expect(
          (await patiently(server, '/api/v1/documents?limit=100', { key: f.api_key })).body.data,
        ).toHaveLength(Object.keys(f.documents).length);
      } else {
        await expectKept(server, f);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
