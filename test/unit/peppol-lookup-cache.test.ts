// The Peppol lookup's parts around the network (src/modules/peppol-directory, docs/peppol-lookup.md):
// reading an SMP's ServiceMetadata, the 24-hour cache of lookups on a real SQLite database (migrated),
// and the two settings. The lookups themselves: peppol-lookup.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { DOCUMENT_TYPES } from '../../src/modules/peppol-directory/document-types';
import type { PeppolLookupDeps } from '../../src/modules/peppol-directory/lookup';
import { participantDnsName } from '../../src/modules/peppol-directory/participant';
import { parseServiceMetadata, supportsBilling } from '../../src/modules/peppol-directory/smp-xml';
import { checkParticipant } from '../../src/modules/peppol-directory/use-cases/check-participant';
import { FakeClock } from '../../src/shared/clock';
import { DomainError } from '../../src/shared/errors';
import { type PeppolDns, smpRecord, startPeppolDns } from '../peppol-dns';
import { fixture, type PeppolSmp, startPeppolSmp } from '../peppol-smp';

const TEST_ZONE = 'participant.sml.test.tech.peppol.org';
const NOW = new Date('2026-11-02T10:00:00Z');
const { invoice: INVOICE, creditNote: CREDIT_NOTE } = DOCUMENT_TYPES;
const id = (text: string) => {
  const [scheme, value] = text.split(/:(.*)/s) as [string, string];
  return { scheme, value };
};

describe("reading an SMP's ServiceMetadata", () => {
  const recorded = fixture('0088-4035811991021-invoice.xml');
  const supports = async (xml: string) => {
    const metadata = await parseServiceMetadata(xml);
    if (metadata.kind !== 'information') throw new Error('not ServiceInformation');
    return supportsBilling(metadata, NOW);
  };

  test('the billing process with an AS4 v2 endpoint in service: nothing less', async () => {
    expect(await supports(recorded)).toBe(true);
    const otherProcess = recorded.replace(
      'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      'urn:fdc:peppol.eu:poacc:bis:invoice_response:3',
    );
    expect(await supports(otherProcess)).toBe(false);
    expect(await supports(recorded.replace('peppol-transport-as4-v2_0', 'peppol-transport-as4-v1_0'))).toBe(
      false,
    );
    expect(await supports(recorded.replace(/<Address>[^<]*<\/Address>/, '<Address/>'))).toBe(false);
    // A date without a zone is UTC: expired an hour before NOW, also where local time is behind UTC.
    const expired = recorded.replace('2031-01-01T00:00:00Z', '2026-11-02T09:00:00');
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(await supports(expired)).toBe(false);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('read by namespace, not by prefix; an unsigned ServiceMetadata is read too', async () => {
    const prefixed = recorded
      .replace(
        'xmlns="http://busdox.org/serviceMetadata/publishing/1.0/"',
        'xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/"',
      )
      .replace(
        /<(\/?)(SignedServiceMetadata|ServiceMetadata|ServiceInformation|ProcessList|Process|ServiceEndpointList|Endpoint|ServiceActivationDate|ServiceExpirationDate)([ >])/g,
        '<$1smp:$2$3',
      );
    expect(prefixed).toContain('<smp:Endpoint transportProfile');
    expect(await supports(prefixed)).toBe(true);
    const unsigned = recorded
      .replace(/<Signature [\s\S]*<\/Signature>/, '')
      .replace(/<\/?SignedServiceMetadata[^>]*>/g, '')
      .replace(
        '<ServiceMetadata>',
        '<ServiceMetadata xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:ids="http://busdox.org/transport/identifiers/1.0/">',
      );
    expect(await supports(unsigned)).toBe(true);
    // The right names in another namespace are not an SMP's answer.
    const foreign = recorded.replace(
      'http://busdox.org/serviceMetadata/publishing/1.0/',
      'urn:example:other',
    );
    await expect(parseServiceMetadata(foreign)).rejects.toThrow(
      "the SMP's answer is no ServiceMetadata: root element SignedServiceMetadata in urn:example:other",
    );
  });
});

describe('the 24-hour cache', () => {
  const sqlite = openDatabase(':memory:');
  const clock = new FakeClock(NOW);
  const ctx = { db: sqlite.db, clock };
  let dns: PeppolDns;
  let smp: PeppolSmp;
  let deps: PeppolLookupDeps;
  const check = (participant: string, refresh = false) =>
    checkParticipant({ ctx, lookup: deps, input: { id: id(participant), refresh } });

  beforeAll(async () => {
    migrate(sqlite.sqlite);
    smp = startPeppolSmp();
    dns = await startPeppolDns();
    deps = {
      zone: TEST_ZONE,
      dnsServers: [{ host: dns.host, port: dns.port }],
      fetch: (url, init) => fetch(url, init),
      dnsTimeoutMs: 500,
    };
    for (const participant of ['0088:4035811991021', '0088:123abc', '0088:0000000000002']) {
      dns.records.set(participantDnsName(id(participant), TEST_ZONE), [smpRecord(smp.url)]);
    }
    smp.answer('0088:4035811991021', INVOICE, fixture('0088-4035811991021-invoice.xml'));
    smp.answer('0088:4035811991021', CREDIT_NOTE, fixture('0088-4035811991021-credit-note.xml'));
    smp.answer('0088:123abc', INVOICE, fixture('0088-123abc-invoice.xml'));
  });
  afterAll(async () => {
    smp.stop();
    await dns.stop();
  });

  test('answers from the stored lookup for 24 hours, under either case, then asks again', async () => {
    const asked = () => dns.queries.length;
    const start = asked();
    const first = await check('0088:4035811991021');
    expect(first).toMatchObject({ cached: false, row: { scheme: '0088', value: '4035811991021' } });
    expect(first.row).toMatchObject({ registered: true, invoice: true, creditNote: true, error: null });
    expect(first.row.checkedAt).toBe(NOW.toISOString());
    expect(asked()).toBe(start + 1);

    clock.advance(23 * 3_600_000);
    expect(await check('0088:4035811991021')).toMatchObject({ cached: true, row: first.row });
    expect(asked()).toBe(start + 1);
    expect(await check('0088:4035811991021', true)).toMatchObject({ cached: false });
    expect(asked()).toBe(start + 2);

    clock.advance(25 * 3_600_000);
    const later = await check('0088:4035811991021');
    expect(later.cached).toBe(false);
    expect(later.row.checkedAt).toBe(clock.now().toISOString());

    const upper = await check('0088:123ABC');
    expect(upper.row).toMatchObject({ value: '123abc', invoice: true });
    expect(await check('0088:123abc')).toMatchObject({ cached: true, row: upper.row });
  });

  test('a failed lookup is a provider_error, recorded, and never answers from the cache', async () => {
    smp.answer('0088:0000000000002', INVOICE, { status: 500 });
    const error = await check('0088:0000000000002').catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'provider_error', details: { transient: true } });
    expect(error.headers).toEqual({ 'Retry-After': '60' });
    const [row] = sqlite.sqlite.query("SELECT * FROM peppol_lookups WHERE value = '0000000000002'").all() as {
      registered: number | null;
      error: string | null;
    }[];
    expect(row).toMatchObject({ registered: null, error: 'the SMP answered HTTP 500' });

    smp.answer('0088:0000000000002', INVOICE, fixture('0088-4035811991021-invoice.xml'));
    // The SMP now answers, but for another participant: a permanent error, asked again (not cached).
    const wrong = await check('0088:0000000000002').catch((e) => e);
    expect(wrong).toMatchObject({ code: 'provider_error', details: { transient: false } });
  });
});

describe('the settings', () => {
  test('PEPPOL_SML_ZONE defaults to the production SML; PEPPOL_DNS_SERVERS to the system resolvers', () => {
    const config = loadConfig({});
    expect(config.peppolSmlZone).toBe('participant.sml.prod.tech.peppol.org');
    expect(config.peppolDnsServers).toBeNull();
    expect(loadConfig({ PEPPOL_SML_ZONE: 'Participant.SML.test.tech.peppol.org.' }).peppolSmlZone).toBe(
      TEST_ZONE,
    );
  });

  test('DNS servers: addresses with optional ports; anything else refused', () => {
    expect(
      loadConfig({ PEPPOL_DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,[::1]:53,::1' }).peppolDnsServers,
    ).toEqual([
      { host: '127.0.0.1', port: 5353 },
      { host: '9.9.9.9', port: 53 },
      { host: '::1', port: 53 },
      { host: '::1', port: 53 },
    ]);
    for (const bad of ['dns.example', '127.0.0.1:0', '127.0.0.1,', '[::1]:99999']) {
      expect(() => loadConfig({ PEPPOL_DNS_SERVERS: bad })).toThrow(
        'PEPPOL_DNS_SERVERS must list DNS server',
      );
    }
    expect(() => loadConfig({ PEPPOL_SML_ZONE: 'bad zone' })).toThrow('PEPPOL_SML_ZONE must be a DNS zone');
  });
});
