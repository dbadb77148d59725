import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { XsdValidator } from 'libxml2-wasm';
import type { PackSchema } from '../rule-pack';
import { loadLibxml } from './parse-xml';

/** A compiled XSD and the namespace of the documents it describes (picks UBL Invoice vs CreditNote). */
export interface LoadedSchema {
  validator: XsdValidator;
  targetNamespace: string;
}

/**
 * libxml2-wasm has no file system of its own: the UBL and CII schemas pull in dozens of files through
 * xs:include/xs:import, which it asks for through registered input providers. Ours answers only while a
 * schema is being compiled and only for files under that pack's directory, so an input document can
 * never make libxml2 read anything (no XXE through a file path), and schema loading cannot leave the pack.
 */
let allowedRoot: string | null = null;
let providerRegistered = false;

/** Lexical containment: symlinks the operator put inside the pack are the operator's choice. */
function localPath(name: string): string | null {
  try {
    const path = resolve(name.startsWith('file:') ? fileURLToPath(name) : name);
    return allowedRoot !== null && path.startsWith(`${allowedRoot}${sep}`) ? path : null;
  } catch {
    return null;
  }
}

async function registerProvider(): Promise<void> {
  if (providerRegistered) return;
  const { xmlRegisterInputProvider } = await loadLibxml();
  providerRegistered = xmlRegisterInputProvider({
    match: (name) => allowedRoot !== null && localPath(name) !== null,
    open: (name) => {
      const path = localPath(name);
      if (path === null) return undefined;
      try {
        return openSync(path, 'r');
      } catch {
        return undefined;
      }
    },
    read: (fd, buffer) => {
      try {
        return readSync(fd, buffer, 0, buffer.byteLength, null);
      } catch {
        return -1;
      }
    },
    close: (fd) => {
      try {
        closeSync(fd);
      } catch {
        // Already closed: nothing left to release.
      }
      return true;
    },
  });
  if (!providerRegistered) throw new Error('libxml2 refused the schema input provider');
}

/** Compiled once per process and schema file; validation itself is sub-millisecond. */
const loaded = new Map<string, Promise<LoadedSchema>>();
const namespaces = new Map<string, Promise<string>>();

/**
 * The targetNamespace of a schema's main file, without compiling it: choosing between UBL Invoice and
 * CreditNote this way spares compiling the schema a document does not need (about 170 ms each, cold).
 */
export function schemaNamespace(schema: PackSchema): Promise<string> {
  let entry = namespaces.get(schema.path);
  if (entry === undefined) {
    entry = (async () => {
      const { ParseOption, XmlDocument } = await loadLibxml();
      const doc = XmlDocument.fromBuffer(readFileSync(schema.path), { option: ParseOption.XML_PARSE_NONET });
      try {
        return doc.root.attr('targetNamespace')?.value ?? '';
      } finally {
        doc.dispose();
      }
    })();
    namespaces.set(schema.path, entry);
  }
  return entry;
}

export function loadSchema(packDir: string, schema: PackSchema): Promise<LoadedSchema> {
  let entry = loaded.get(schema.path);
  if (entry === undefined) {
    entry = compile(packDir, schema);
    loaded.set(schema.path, entry);
  }
  return entry;
}

async function compile(packDir: string, schema: PackSchema): Promise<LoadedSchema> {
  const libxml = await loadLibxml();
  await registerProvider();
  const { ParseOption, XmlDocument, XsdValidator, XmlLibError } = libxml;
  // No await from here on: the provider must not serve pack files to anything else meanwhile.
  allowedRoot = resolve(packDir);
  try {
    const main = localPath(schema.path);
    if (main === null) throw new Error(`${schema.path} is not inside the rule pack`);
    // The document URL is the base against which libxml2 resolves the relative schemaLocations.
    const doc = XmlDocument.fromBuffer(readFileSync(main), {
      url: main,
      option: ParseOption.XML_PARSE_NONET,
    });
    // The schema document stays alive with its validator: libxml2 may point into it after parsing.
    const targetNamespace = doc.root.attr('targetNamespace')?.value ?? '';
    return { validator: XsdValidator.fromDoc(doc), targetNamespace };
  } catch (error) {
    const detail = error instanceof XmlLibError ? error.details[0]?.message.trim() : undefined;
    throw new Error(`schema ${schema.id} could not be compiled: ${detail ?? (error as Error).message}`);
  } finally {
    allowedRoot = null;
  }
}
