// What a module says about itself (its `module.ts`, listed once in src/modules/index.ts): the composition
// root mounts its routes and merges its access rules, the job runtime takes its job kinds, the id check
// (test/unit/module-descriptors.test.ts) reads its id prefixes and the isolation test makes its resources;
// the links it declares reach the module they extend through `appLinks` (docs/architecture.md, "Links
// between modules").
import type { AnyElysia } from 'elysia';
import type { ChannelAdapter } from './delivery-channel';
import type { AppDeps } from './deps';
import type { AccessRules } from './http/access';
import type { Auth } from './http/auth';
import type { ModuleLink } from './http/links';
import type { Background } from './jobs/definition';

export interface ModuleDescriptor {
  /** The folder's name under src/modules. */
  name: string;
  /**
   * Its HTTP routes; mounted in the order of the module list (src/modules/index.ts). `links`: what every
   * module links to another's resources, for a module that offers an extension point (`links.to('documents')`).
   */
  routes?: (auth: Auth, deps: AppDeps, links: AppLinks) => AnyElysia;
  /** The access rule of each of its write routes (`<module>/access.ts`). */
  access?: AccessRules;
  /** The id prefixes it owns (`newId('prd')`): unique across modules. */
  idPrefixes?: readonly string[];
  /** Its job kinds and job sources; `links` as its routes get them (an import creates linked documents). */
  background?: (deps: AppDeps, links: AppLinks) => Background;
  /** How the isolation test (test/http/isolation.test.ts) makes its resources and calls its routes. */
  isolation?: IsolationFixture;
  /** Fields it adds to another module's resources, kept in its own tables (`defineLink`, http/links.ts). */
  links?: readonly ModuleLink[];
  /** The delivery channels it offers (src/delivery-channel.ts; docs/channels.md). */
  channels?: readonly ChannelAdapter[];
}

/** Every listed module's links, by the module they extend. */
export interface AppLinks {
  to(module: string): readonly ModuleLink[];
}

/**
 * The links the modules declare, checked once as the app is built: each extends a listed module, and a
 * field is declared once per module extended (the module extended refuses a field it has itself).
 */
export function appLinks(modules: readonly ModuleDescriptor[]): AppLinks {
  const names = new Set(modules.map((m) => m.name));
  const declared = modules.flatMap((m) => (m.links ?? []).map((link) => ({ link, by: m.name })));
  for (const { link, by } of declared) {
    if (!names.has(link.to)) throw new Error(`module ${by}: a link to ${link.to}, which is no listed module`);
    const twice = declared.filter((d) => d.link.to === link.to && d.link.field === link.field);
    if (twice.length > 1) {
      throw new Error(`${link.to}.${link.field} is linked by ${twice.map((d) => d.by).join(' and ')}`);
    }
  }
  return { to: (module) => declared.filter((d) => d.link.to === module).map((d) => d.link) };
}

/** An answer's `data`: a resource with its id (or, for a list, the first one's). */
export interface FixtureData {
  id: string;
  [field: string]: unknown;
}

/** The owner's API client the isolation fixtures are given (built by the test). */
export interface FixtureApi {
  /** Calls the API as the owner; answers the envelope's `data` of a 2xx (a list's first item), throws on anything else. */
  call(method: string, path: string, body?: unknown): Promise<FixtureData>;
  /** A multipart POST with a 1×1 PNG in the `file` field; answers `data`. */
  upload(path: string): Promise<FixtureData>;
  /** A POST of raw bytes with a content type; answers `data`. */
  send(path: string, contentType: string, bytes: Uint8Array): Promise<FixtureData>;
  /** A valid XRechnung UBL invoice, for receiving. */
  sampleXml(): Uint8Array;
  /** Runs the due jobs now. */
  runJobs(): Promise<void>;
  /** The owner's own API key id. */
  keyId: string;
}

/**
 * The owner's ids, keyed by the path up to the parameter they fill (`/api/v1/products/{id}`): a route's
 * parameter takes the ids of the longest such key its path starts with, never another module's.
 */
export type FixtureIds = Record<string, string[]>;

export interface IsolationFixture {
  /** Makes the module's resources as the owner; `made` holds what the modules listed before it made. */
  make?: (api: FixtureApi, made: FixtureIds) => Promise<FixtureIds>;
  /** A valid body per `METHOD /api/v1/path` that takes one, so a 404 is not a validation answer in disguise. */
  bodies?: Record<string, unknown>;
  /** Required query strings, for the same reason. */
  queries?: Record<string, string>;
  /** Multipart routes (a PNG in `file`). */
  multipart?: readonly string[];
}

/** A descriptor, checked against the shape (kept as a function so a module's file reads as a declaration). */
export function defineModule(descriptor: ModuleDescriptor): ModuleDescriptor {
  return descriptor;
}

/** One id a module listed before made (`index` from the end when negative); throws when there is none. */
export function madeId(made: FixtureIds, key: string, index = 0): string {
  const id = made[key]?.at(index);
  if (id === undefined)
    throw new Error(`isolation fixture: nothing made for ${key} (its module is listed later?)`);
  return id;
}

/** A render's invoice data (batches, template previews). */
export const FIXTURE_RENDER_DATA = {
  invoice_number: 'ISO-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Isolation Seller GmbH' },
  buyer: { name: 'Isolation Buyer' },
  line_items: [{ name: 'Item', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] }],
};
