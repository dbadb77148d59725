// Reading an SMP's answer (SMP 1.x, busdox namespaces): a SignedServiceMetadata with its ServiceInformation,
// or a Redirect to another SMP. Parsed by libxml2 as untrusted input (no DTD, no network, bounded size);
// the XML signature is not verified (docs/peppol-lookup.md).
import type { XmlDocument, XmlElement } from 'libxml2-wasm';
import { ChannelError } from '../../delivery-channel';
import { parseUntrustedXml } from '../../einvoicing/xsd/parse-xml';
import { XmlInputError } from '../../einvoicing/xsd/xml-input';
import { checkXmlLimits, XmlLimitError } from '../../einvoicing/xsd/xml-limits';
import { AS4_TRANSPORT, BILLING_PROCESS, PROCESS_SCHEME } from './document-types';

const NS = {
  smp: 'http://busdox.org/serviceMetadata/publishing/1.0/',
  ids: 'http://busdox.org/transport/identifiers/1.0/',
  wsa: 'http://www.w3.org/2005/08/addressing',
};

/** An SMP answer is a few KiB (a certificate per endpoint); these bounds leave room for many endpoints. */
const SMP_XML_LIMITS = {
  maxChars: 1024 * 1024,
  maxElements: 20_000,
  maxAttributesPerElement: 50,
  maxDepth: 32,
};

export interface SmpEndpoint {
  transportProfile: string | null;
  address: string | null;
  activation: Date | null;
  expiration: Date | null;
}

export interface SmpProcess {
  scheme: string | null;
  id: string;
  endpoints: SmpEndpoint[];
}

export type ServiceMetadata =
  | { kind: 'redirect'; href: string }
  | {
      kind: 'information';
      /** `0088:5026744000002` and its scheme, as the SMP states them. */
      participant: { scheme: string | null; value: string } | null;
      documentType: { scheme: string | null; value: string } | null;
      processes: SmpProcess[];
    };

const invalid = (why: string) => new ChannelError(`the SMP's answer is no ServiceMetadata: ${why}`, false);

export async function parseServiceMetadata(xml: string): Promise<ServiceMetadata> {
  let doc: XmlDocument;
  try {
    checkXmlLimits(xml, SMP_XML_LIMITS);
    doc = await parseUntrustedXml(xml);
  } catch (error) {
    if (error instanceof XmlInputError || error instanceof XmlLimitError) throw invalid(error.message);
    throw error;
  }
  try {
    return readServiceMetadata(doc.root);
  } finally {
    doc.dispose();
  }
}

function readServiceMetadata(root: XmlElement): ServiceMetadata {
  if (root.namespaceUri !== NS.smp) throw invalid(`root element ${root.name} in ${root.namespaceUri}`);
  // The signed form wraps ServiceMetadata; an SMP that does not sign answers it bare.
  const metadata =
    root.name === 'SignedServiceMetadata'
      ? element(root, 'smp:ServiceMetadata')
      : root.name === 'ServiceMetadata'
        ? root
        : null;
  if (metadata === null) throw invalid(`no ServiceMetadata under ${root.name}`);
  const redirect = element(metadata, 'smp:Redirect');
  if (redirect !== null) {
    const href = redirect.attr('href')?.value.trim();
    if (!href) throw invalid('a Redirect without href');
    return { kind: 'redirect', href };
  }
  const information = element(metadata, 'smp:ServiceInformation');
  if (information === null) throw invalid('neither ServiceInformation nor Redirect');
  return {
    kind: 'information',
    participant: identifier(element(information, 'ids:ParticipantIdentifier')),
    documentType: identifier(element(information, 'ids:DocumentIdentifier')),
    processes: elements(information, 'smp:ProcessList/smp:Process').flatMap((process) => {
      const id = identifier(element(process, 'ids:ProcessIdentifier'));
      if (id === null) return [];
      const endpoints = elements(process, 'smp:ServiceEndpointList/smp:Endpoint').map((endpoint) => ({
        transportProfile: endpoint.attr('transportProfile')?.value.trim() ?? null,
        address: textOf(element(endpoint, 'wsa:EndpointReference/wsa:Address')),
        activation: dateOf(element(endpoint, 'smp:ServiceActivationDate')),
        expiration: dateOf(element(endpoint, 'smp:ServiceExpirationDate')),
      }));
      return [{ scheme: id.scheme, id: id.value, endpoints }];
    }),
  };
}

/**
 * Whether the answer lets us send this document type: the Peppol billing process with an AS4 (v2)
 * endpoint that has an address and is in service at `now` (activated, not expired).
 */
export function supportsBilling(metadata: ServiceMetadata & { kind: 'information' }, now: Date): boolean {
  return metadata.processes.some(
    (process) =>
      process.id === BILLING_PROCESS &&
      (process.scheme === null || process.scheme === PROCESS_SCHEME) &&
      process.endpoints.some(
        (endpoint) =>
          endpoint.transportProfile === AS4_TRANSPORT &&
          endpoint.address !== null &&
          (endpoint.activation === null || endpoint.activation <= now) &&
          (endpoint.expiration === null || endpoint.expiration > now),
      ),
  );
}

const element = (from: XmlElement, path: string) => from.get(`${path}[1]`, NS) as XmlElement | null;
const elements = (from: XmlElement, path: string) => from.find(path, NS) as XmlElement[];

function textOf(node: XmlElement | null): string | null {
  const text = node?.content.trim();
  return text ? text : null;
}

function identifier(node: XmlElement | null): { scheme: string | null; value: string } | null {
  const value = textOf(node);
  if (node === null || value === null) return null;
  return { scheme: node.attr('scheme')?.value.trim() || null, value };
}

/**
 * An xs:dateTime (or xs:date). One without a zone is read as UTC, not as this machine's local time; one
 * that cannot be read bounds nothing, as if absent.
 */
function dateOf(node: XmlElement | null): Date | null {
  const text = textOf(node);
  if (text === null) return null;
  const zoned = /T[0-9:.]+$/.test(text) ? `${text}Z` : text;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}
