import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { appLinks, type ModuleDescriptor } from '../../src/module';
import { MODULES } from '../../src/modules';
import {
  CreateDocumentBody,
  ListDocumentsQuery,
  linkedDocumentSchemas,
  StoredDocument,
  UpdateDocumentBody,
} from '../../src/modules/documents/model';
import { SHARED_ID_PREFIXES } from '../../src/shared/ids';

/**
 * Each module describes itself (src/modules/<name>/module.ts) and is listed once (src/modules/index.ts):
 * the app's routes, access rules, job kinds and the isolation test's fixtures all come from that list.
 */
const ROOT = join(import.meta.dir, '../..');
const MODULES_DIR = join(ROOT, 'src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('module descriptors', () => {
  test('every module folder has a module.ts, listed once under its folder name', () => {
    const folders = readdirSync(MODULES_DIR).filter((n) => statSync(join(MODULES_DIR, n)).isDirectory());
    const missing = folders.filter(
      (n) => !statSync(join(MODULES_DIR, n, 'module.ts'), { throwIfNoEntry: false }),
    );
    expect(missing).toEqual([]);
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  test('an id prefix is declared by one module at most, and none is a shared one', () => {
    const owners = new Map<string, string[]>();
    for (const m of MODULES)
      for (const p of m.idPrefixes ?? []) owners.set(p, [...(owners.get(p) ?? []), m.name]);
    for (const p of SHARED_ID_PREFIXES) owners.set(p, [...(owners.get(p) ?? []), 'src/shared/ids.ts']);
    const twice = [...owners].filter(([, names]) => names.length > 1).map(([p, names]) => `${p}: ${names}`);
    expect(twice).toEqual([]);
  });

  test("every newId('…') names a prefix some module (or the lower layers) declares", () => {
    const declared = new Set<string>([...SHARED_ID_PREFIXES, ...MODULES.flatMap((m) => m.idPrefixes ?? [])]);
    const undeclared: string[] = [];
    let calls = 0;
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/newId\(\s*(['"`])([^'"`]*)\1/g)) {
        calls += 1;
        const prefix = match[2] as string;
        if (!declared.has(prefix)) undeclared.push(`${relative(ROOT, file)}: newId('${prefix}')`);
      }
      // A prefix held in a variable could not be checked: name it where the id is made.
      for (const match of readFileSync(file, 'utf8').matchAll(/newId\(\s*([^'"`\s][^,)]*)\)/g)) {
        if (!file.endsWith('shared/ids.ts')) undeclared.push(`${relative(ROOT, file)}: newId(${match[1]})`);
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(undeclared).toEqual([]);
  });

  test('a prefix is lowercase letters, short enough to read in an id', () => {
    for (const m of MODULES) for (const p of m.idPrefixes ?? []) expect(p).toMatch(/^[a-z]{2,5}$/);
  });

  test('a link extends a listed module, each field once; documents take every link to them', () => {
    const links = appLinks(MODULES);
    const declared = MODULES.flatMap((m) => m.links ?? []);
    expect(declared.map((l) => `${l.to}.${l.field}`)).toContain('documents.cost_centre_id');
    for (const name of new Set(declared.map((l) => l.to))) {
      expect(MODULES.map((m) => m.name)).toContain(name);
      expect(links.to(name)).toEqual(declared.filter((l) => l.to === name));
    }
    const [link] = declared;
    if (!link) throw new Error('no link declared');
    const twice: ModuleDescriptor[] = [
      { name: 'documents' },
      { name: 'a', links: [link] },
      { name: 'b', links: [link] },
    ];
    expect(() => appLinks(twice)).toThrow('documents.cost_centre_id is linked by a and b');
    expect(() => appLinks([{ name: 'a', links: [link] }])).toThrow('no listed module');
    expect(() => linkedDocumentSchemas([{ ...link, field: 'customer_id' }])).toThrow('customer_id');
  });

  test('without links, documents answer with the very schemas they declare (the same OpenAPI document)', () => {
    const schemas = linkedDocumentSchemas([]);
    expect(schemas.create).toBe(CreateDocumentBody);
    expect(schemas.update).toBe(UpdateDocumentBody);
    expect(schemas.answer).toBe(StoredDocument);
    expect(schemas.query).toBe(ListDocumentsQuery);
  });
});
