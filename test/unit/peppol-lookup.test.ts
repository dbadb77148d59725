// The service's own Peppol lookup (src/modules/peppol-directory, docs/peppol-lookup.md): the SML's DNS
// name of a participant (the published vectors), the DNS wire format, the NAPTR record's SMP URL, and
// whole lookups against a DNS server and SMPs on 127.0.0.1 serving recorded answers. The SMP's XML, the
// cache and the settings: peppol-lookup-cache.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ChannelError } from '../../src/delivery-channel';
import {
  DnsFormatError,
  decodeMessage,
  encodeQuery,
  TYPE_NAPTR,
} from '../../src/modules/peppol-directory/dns-wire';
import { DOCUMENT_TYPES } from '../../src/modules/peppol-directory/document-types';
import {
  lookupParticipant,
  type PeppolLookupDeps,
  toLookupAnswer,
} from '../../src/modules/peppol-directory/lookup';
import { smpUrlOf } from '../../src/modules/peppol-directory/naptr';
import { base32, participantDnsName } from '../../src/modules/peppol-directory/participant';
import { serviceMetadataUrl } from '../../src/modules/peppol-directory/smp';
import { encodeResponse, type PeppolDns, readQuery, smpRecord, startPeppolDns } from '../peppol-dns';
import { fixture, type PeppolSmp, startPeppolSmp } from '../peppol-smp';

const TEST_ZONE = 'participant.sml.test.tech.peppol.org';
const NOW = new Date('2026-11-02T10:00:00Z');
const { invoice: INVOICE, creditNote: CREDIT_NOTE } = DOCUMENT_TYPES;
const id = (text: string) => {
  const [scheme, value] = text.split(/:(.*)/s) as [string, string];
  return { scheme, value };
};

describe('the DNS name the SML publishes', () => {
  test('the four published vectors (phax PeppolNaptrURLProviderTest)', () => {
    const label = (participant: string) => participantDnsName(id(participant), TEST_ZONE).split('.')[0];
    expect(label('0088:1234567890123')).toBe('sjsyvccmqyjxk3weuapffq4x3umcrf4qryherj4vovhmonh7gccq');
    expect(label('0088:123abc')).toBe('y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq');
    expect(label('0088:123ABC')).toBe('y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq');
    expect(label('0010:5798000000001')).toBe('xukhfqabqziki3ykvr2fhr4snfa3pf5vpq6k4tonv3lmvsy5arvq');
    expect(label('9915:test')).toBe('eh5boavaktmbgzyh2a63dz4qov33fvp5nsdvqklucfraayoodw6a');
    expect(participantDnsName(id('0088:1234567890123'), TEST_ZONE)).toBe(
      'sjsyvccmqyjxk3weuapffq4x3umcrf4qryherj4vovhmonh7gccq.iso6523-actorid-upis.participant.sml.test.tech.peppol.org',
    );
  });

  test('Base32 is RFC 4648 (its test vectors, padding dropped)', () => {
    const b32 = (text: string) => base32(new TextEncoder().encode(text));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(b32)).toEqual([
      '',
      'MY',
      'MZXQ',
      'MZXW6',
      'MZXW6YQ',
      'MZXW6YTB',
      'MZXW6YTBOI',
    ]);
  });
});

describe('the DNS wire format', () => {
  const name = participantDnsName(id('0088:4035811991021'), TEST_ZONE);

  test('a query carries the name, type NAPTR and recursion desired', () => {
    const query = readQuery(encodeQuery(0xbeef, name, TYPE_NAPTR));
    expect(query).toMatchObject({ id: 0xbeef, name, type: 35 });
    expect((query?.flags ?? 0) & 0x0100).toBe(0x0100);
  });

  test('an answer with compressed names decodes to the records as written', () => {
    const query = readQuery(encodeQuery(7, name, TYPE_NAPTR));
    if (query === null) throw new Error('no query');
    const terminal = smpRecord('https://smp.example.org/smp');
    // A replacement sharing the zone's suffix is written as labels and a pointer into the question.
    const pointing = { ...terminal, flags: '', regexp: '', replacement: `smp.${TEST_ZONE}` };
    const records = [terminal, pointing];
    const bytes = encodeResponse(query, records);
    // The answer's owner is a pointer to the question's name at offset 12.
    expect(Buffer.from(bytes).includes(Buffer.from([0xc0, 0x0c]))).toBe(true);
    const decoded = decodeMessage(bytes);
    expect(decoded).toMatchObject({ id: 7, response: true, truncated: false, rcode: 0 });
    expect(decoded.questions).toEqual([{ name, type: 35, class: 1 }]);
    expect(decoded.answers.map((a) => [a.name, a.type, a.ttl])).toEqual([
      [name, 35, 3600],
      [name, 35, 3600],
    ]);
    expect(decoded.answers.map((a) => ('naptr' in a.data ? a.data.naptr : null))).toEqual([
      { ...terminal, replacement: '' },
      pointing,
    ]);
  });

  test('NXDOMAIN has the rcode and no answers', () => {
    const query = readQuery(encodeQuery(9, name, TYPE_NAPTR));
    if (query === null) throw new Error('no query');
    expect(decodeMessage(encodeResponse(query, null))).toMatchObject({ rcode: 3, answers: [] });
  });

  test('bytes written by hand: pointers into the middle of a name, and a pointer to a pointer', () => {
    // Question `a.example` (offset 12; `example` at 14). Answer 1: owner -> `example`, CNAME `b` (at 39)
    // + pointer to `example`. Answer 2: owner -> `b` at 39, which itself ends in a pointer; CNAME -> 12.
    const bytes = Uint8Array.from([
      ...[0x12, 0x34, 0x81, 0x80, 0, 1, 0, 2, 0, 0, 0, 0],
      ...[1, 0x61, 7, ...new TextEncoder().encode('example'), 0, 0, 35, 0, 1],
      ...[0xc0, 14, 0, 5, 0, 1, 0, 0, 0, 60, 0, 4, 1, 0x62, 0xc0, 14],
      ...[0xc0, 39, 0, 5, 0, 1, 0, 0, 0, 60, 0, 2, 0xc0, 12],
    ]);
    const decoded = decodeMessage(bytes);
    expect(decoded.questions[0]?.name).toBe('a.example');
    expect(decoded.answers).toMatchObject([
      { name: 'example', type: 5, ttl: 60, data: { cname: 'b.example' } },
      { name: 'b.example', type: 5, ttl: 60, data: { cname: 'a.example' } },
    ]);
  });

  test('malformed answers are refused, not misread', () => {
    const header = [0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0];
    // A pointer to itself, a pointer forwards, a label running past the end, a message cut short.
    for (const tail of [[0xc0, 12, 0, 35, 0, 1], [0xc0, 20, 0, 35, 0, 1, 0, 0], [9, 0x61, 0], []]) {
      expect(() => decodeMessage(Uint8Array.from([...header, ...tail]))).toThrow(DnsFormatError);
    }
  });
});

describe("the NAPTR record's SMP", () => {
  test('the Meta:SMP record with flag U of the lowest order, then preference, is taken', () => {
    const records = [
      { ...smpRecord('https://late.example'), order: 200 },
      { ...smpRecord('https://second.example'), preference: 20 },
      { ...smpRecord('https://first.example/smp/'), preference: 5 },
      { ...smpRecord('https://not-smp.example'), order: 1, service: 'Meta:SMP2' },
      { ...smpRecord('https://not-u.example'), order: 1, flags: 'S' },
    ];
    expect(smpUrlOf(records)).toBe('https://first.example/smp');
    expect(smpUrlOf([])).toBeNull();
  });

  test('only the regexp BDXL prescribes is applied; others are refused, not run', () => {
    expect(smpUrlOf([{ ...smpRecord('x'), regexp: '#^.*$#http://smp.example#' }])).toBe('http://smp.example');
    for (const regexp of ['!^(a+)+$!https://smp.example!', '!^.*$!\\1!', '!^.*$!ftp://smp.example!']) {
      expect(() => smpUrlOf([{ ...smpRecord('x'), regexp }])).toThrow(ChannelError);
    }
  });
});

describe('lookups against a DNS server and SMPs on loopback', () => {
  let dns: PeppolDns;
  let smp: PeppolSmp;
  let second: PeppolSmp;
  let deps: PeppolLookupDeps;
  const register = (participant: string, url: string) =>
    dns.records.set(participantDnsName(id(participant), TEST_ZONE), [smpRecord(url)]);

  beforeAll(async () => {
    smp = startPeppolSmp({ prefix: '/smp' });
    second = startPeppolSmp();
    dns = await startPeppolDns();
    deps = {
      zone: TEST_ZONE,
      dnsServers: [{ host: dns.host, port: dns.port }],
      fetch: (url, init) => fetch(url, init),
      dnsTimeoutMs: 500,
    };
    register('0088:4035811991021', smp.url);
    smp.answer('0088:4035811991021', INVOICE, fixture('0088-4035811991021-invoice.xml'));
    smp.answer('0088:4035811991021', CREDIT_NOTE, fixture('0088-4035811991021-credit-note.xml'));
    register('0208:0843766574', smp.url);
    smp.answer('0208:0843766574', INVOICE, fixture('0208-0843766574-invoice.xml'));
    smp.answer('0208:0843766574', CREDIT_NOTE, fixture('0208-0843766574-credit-note.xml'));
    register('9930:de811128135', smp.url);
    smp.answer('9930:de811128135', INVOICE, fixture('9930-de811128135-invoice.xml'));
    register('0088:5798000000001', smp.url);
    smp.answer('0088:5798000000001', INVOICE, fixture('0088-5798000000001-invoice.xml'));
    smp.answer('0088:5798000000001', CREDIT_NOTE, fixture('0088-5798000000001-credit-note.xml'));
    register('0088:123abc', smp.url);
    const redirectTo = serviceMetadataUrl(second.url, id('0088:123abc'), INVOICE);
    smp.answer('0088:123abc', INVOICE, fixture('0088-123abc-redirect.xml', { REDIRECT_URL: redirectTo }));
    second.answer('0088:123abc', INVOICE, fixture('0088-123abc-invoice.xml'));
  });
  afterAll(async () => {
    smp.stop();
    second.stop();
    await dns.stop();
  });

  test('a participant receiving invoices and credit notes', async () => {
    const before = smp.requests.length;
    const found = await lookupParticipant(deps, id('0088:4035811991021'), NOW);
    expect(found).toMatchObject({
      registered: true,
      smpUrl: smp.url,
      supports: { invoice: true, creditNote: true, xrechnungUbl: false, xrechnungCii: false },
    });
    expect(found.raw?.body).toBe(fixture('0088-4035811991021-invoice.xml'));
    expect(toLookupAnswer(found)).toMatchObject({ reachable: true, invoice: true, creditNote: true });
    // Each identifier with its scheme is one percent-encoded path segment, `#` as %23.
    expect(smp.requests.slice(before)).toContain(
      '/smp/iso6523-actorid-upis%3A%3A0088%3A4035811991021/services/busdox-docid-qns%3A%3Aurn%3Aoasis%3Anames%3Aspecification%3Aubl%3Aschema%3Axsd%3AInvoice-2%3A%3AInvoice%23%23urn%3Acen.eu%3Aen16931%3A2017%23compliant%23urn%3Afdc%3Apeppol.eu%3A2017%3Apoacc%3Abilling%3A3.0%3A%3A2.1',
    );
  });

  test('invoices only: its credit notes go over the withdrawn AS2 transport, expired', async () => {
    const found = await lookupParticipant(deps, id('0208:0843766574'), NOW);
    expect(found).toMatchObject({ registered: true, supports: { invoice: true, creditNote: false } });
    expect(toLookupAnswer(found)).toMatchObject({ reachable: true, invoice: true, creditNote: false });
  });

  test('an SMP answering 404 for credit notes; the id it states in upper case is the same participant', async () => {
    const found = await lookupParticipant(deps, id('9930:de811128135'), NOW);
    expect(found).toMatchObject({ registered: true, supports: { invoice: true, creditNote: false } });
  });

  test('an AS4 endpoint not in service yet, or no longer, does not count', async () => {
    const found = await lookupParticipant(deps, id('0088:5798000000001'), NOW);
    expect(found).toMatchObject({ registered: true, supports: { invoice: false, creditNote: false } });
    expect(toLookupAnswer(found).reachable).toBe(false);
  });

  test('not registered: NXDOMAIN, and no SMP is asked', async () => {
    const before = smp.requests.length;
    const found = await lookupParticipant(deps, id('0088:1234567890123'), NOW);
    expect(found).toEqual({
      registered: false,
      smpUrl: null,
      supports: { invoice: false, creditNote: false, xrechnungUbl: false, xrechnungCii: false },
      raw: null,
    });
    expect(dns.queries.at(-1)).toBe(participantDnsName(id('0088:1234567890123'), TEST_ZONE));
    expect(smp.requests.length).toBe(before);
  });

  test('identifiers are case-insensitive: 0088:123ABC is 0088:123abc, its SMP Redirect followed once', async () => {
    const upper = await lookupParticipant(deps, id('0088:123ABC'), NOW);
    const lower = await lookupParticipant(deps, id('0088:123abc'), NOW);
    expect(upper).toEqual(lower);
    expect(upper).toMatchObject({ registered: true, supports: { invoice: true, creditNote: false } });
    expect(upper.raw?.body).toBe(fixture('0088-123abc-invoice.xml'));
    expect(second.requests.length).toBeGreaterThanOrEqual(2);
  });

  test('an SMP that is down is a transient error, one that answers nonsense a permanent one', async () => {
    register('0088:0000000000001', smp.url);
    smp.answer('0088:0000000000001', INVOICE, { status: 503, headers: { 'retry-after': '120' } });
    const down = await lookupParticipant(deps, id('0088:0000000000001'), NOW).catch((e) => e);
    expect(down).toBeInstanceOf(ChannelError);
    expect(down).toMatchObject({ transient: true, details: { status: 503, retryAfterSeconds: 120 } });

    const anotherType = fixture('0088-4035811991021-invoice.xml')
      .replace('0088:4035811991021', '0088:0000000000001')
      .replace(INVOICE, CREDIT_NOTE);
    smp.answer('0088:0000000000001', INVOICE, anotherType);
    const wrongType = await lookupParticipant(deps, id('0088:0000000000001'), NOW).catch((e) => e);
    expect(wrongType).toMatchObject({
      transient: false,
      message: 'the SMP answered for another document type',
    });

    for (const body of [
      '<html>Maintenance</html>',
      '<!DOCTYPE x [<!ENTITY e "x">]><x/>',
      '<SignedServiceMetadata',
    ]) {
      smp.answer('0088:0000000000001', INVOICE, body);
      const error = await lookupParticipant(deps, id('0088:0000000000001'), NOW).catch((e) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error).toMatchObject({ transient: false });
      expect(error.message).toStartWith("the SMP's answer is no ServiceMetadata");
    }
  });

  test('an SMP Redirect is followed once: a second one is refused', async () => {
    register('0088:0000000000003', smp.url);
    const self = serviceMetadataUrl(smp.url, id('0088:0000000000003'), INVOICE);
    smp.answer('0088:0000000000003', INVOICE, fixture('0088-123abc-redirect.xml', { REDIRECT_URL: self }));
    const before = smp.requests.length;
    const error = await lookupParticipant(deps, id('0088:0000000000003'), NOW).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    // The invoice's ServiceMetadata asked twice: itself and its one Redirect, then no more (the other
    // document types are asked beside it, and may be cut short when the invoice's answer fails first).
    const invoicePath = new URL(self).pathname;
    expect(smp.requests.slice(before).filter((path) => path === invoicePath)).toHaveLength(2);
    expect(error).toMatchObject({ transient: false, message: `the SMP redirected twice (last to ${self})` });
  });

  test('a DNS server that does not answer: a transient error after one retry', async () => {
    const silent = await startPeppolDns({}, { silent: true });
    try {
      const error = await lookupParticipant(
        { ...deps, dnsServers: [{ host: silent.host, port: silent.port }], dnsTimeoutMs: 200 },
        id('0088:4035811991021'),
        NOW,
      ).catch((e) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error.transient).toBe(true);
      expect(error.message).toContain('no answer within 200 ms');
      expect(silent.queries).toHaveLength(2);
    } finally {
      await silent.stop();
    }
  });
});
