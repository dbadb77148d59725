// The generated schemas set right against the routes' TypeBox ones: integers, choices' options, nullable enums, named schemas.
import type { AnyElysia } from 'elysia';
import { isObject, type Json, type Paths } from './openapi-json';

/**
 * Elysia's `t.Integer` is `anyOf: [{type: 'string', format: 'integer', default: 0}, {type: 'integer'}]`
 * so that a query's `?limit=5` passes: the document said every whole number was a string or a number, and
 * a string one defaulting to 0 (`interval`, whose default is 1). The service sends integers and takes them
 * (a query's numeral is an integer parameter's serialisation): the union becomes its integer, with the
 * union's own description and limits.
 */
export function integersOnly(node: unknown): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = walk(child);
    const alternatives = out.anyOf;
    if (Array.isArray(alternatives) && alternatives.length === 2) {
      const numeral = alternatives.find(
        (one) => isObject(one) && one.type === 'string' && one.format === 'integer',
      );
      const integer = alternatives.find((one) => isObject(one) && one.type === 'integer');
      if (numeral && isObject(integer)) {
        const { anyOf: _union, ...own } = out;
        return { ...integer, ...own };
      }
    }
    return out;
  };
  return walk(node);
}

/** What a choice of literals carries beside its values, which the generator drops. */
const CHOICE_OPTIONS = ['description', 'default', 'examples', 'title', 'deprecated'];

/**
 * A union of literals (`t.Union([t.Literal('a'), t.Literal('b')], {description})`) comes out of the generator
 * as `{type: 'string', enum}`, its description and default dropped: every such field of a query, a body or
 * an answer had none in the document. Each route's own schemas (the TypeBox objects it validates with) are
 * walked beside the generated ones, and the options put back where the generator left them out.
 */
export function withChoiceOptions(app: AnyElysia, paths: Paths): Paths {
  for (const route of app.routes) {
    const path = route.path.replace(/:([^/]+)/g, '{$1}');
    const operation = paths[path]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const hooks = (route.hooks ?? {}) as Record<string, unknown>;
    for (const [part, where] of [
      ['query', 'query'],
      ['params', 'path'],
      ['headers', 'header'],
    ] as const) {
      const properties = isObject(hooks[part]) ? (hooks[part] as Json).properties : undefined;
      if (!isObject(properties)) continue;
      for (const parameter of operation.parameters ?? []) {
        if (!isObject(parameter) || parameter.in !== where || !isObject(parameter.schema)) continue;
        restoreChoices(properties[String(parameter.name)], parameter.schema);
      }
    }
    for (const media of Object.values(operation.requestBody?.content ?? {})) {
      if (isObject(media)) restoreChoices(hooks.body, media.schema);
    }
    const declared = hooks.response;
    if (!isObject(declared)) continue;
    // One schema per status, or one schema for 200.
    const perStatus = Object.keys(declared).every((key) => /^\d{3}$/.test(key));
    const byStatus: Json = perStatus ? declared : { 200: declared };
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const content = response.content as Record<string, { schema?: unknown }> | undefined;
      restoreChoices(byStatus[status], content?.['application/json']?.schema);
    }
  }
  return paths;
}

/** Walks a route's TypeBox schema and its generated JSON Schema together (see withChoiceOptions). */
function restoreChoices(source: unknown, target: unknown, depth = 0): void {
  if (!isObject(source) || !isObject(target) || depth > 32) return;
  const alternatives = Array.isArray(source.anyOf) ? source.anyOf.filter(isObject) : [];
  if (Array.isArray(target.enum) && alternatives.length > 0) {
    const literals = alternatives.every((one) => 'const' in one);
    // A nullable choice (`t.Union([choice, t.Null()])`) was merged into one enum: its choice carries the options.
    const choice = literals ? source : alternatives.find((one) => Array.isArray(one.anyOf));
    for (const from of [choice, source]) {
      if (!isObject(from)) continue;
      for (const key of CHOICE_OPTIONS) {
        if (from[key] !== undefined && target[key] === undefined) target[key] = from[key];
      }
    }
    return;
  }
  if (isObject(source.properties) && isObject(target.properties)) {
    for (const [name, property] of Object.entries(target.properties)) {
      restoreChoices(source.properties[name], property, depth + 1);
    }
  }
  if (isObject(source.items)) restoreChoices(source.items, target.items, depth + 1);
  if (alternatives.length > 0 && Array.isArray(target.anyOf)) {
    const targets = target.anyOf;
    if (targets.length === alternatives.length) {
      alternatives.forEach((one, i) => {
        restoreChoices(one, targets[i], depth + 1);
      });
    }
  } else if (alternatives.length > 0) {
    // A nullable object or array (`t.Union([t.Object(…), t.Null()])`) merged into one schema.
    const nonNull = alternatives.filter((one) => one.type !== 'null');
    if (nonNull.length === 1) restoreChoices(nonNull[0], target, depth + 1);
  }
}

/**
 * A nullable union of literals (`t.Union([t.Union([t.Literal('a'), …]), t.Null()])`) comes out of the
 * generator as `type: ['string', 'null']` beside an `enum` without null, which no JSON Schema validator
 * lets a null through: the null goes into the enum.
 */
export function withNullInEnums<T>(node: T): T {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const one of value) walk(one);
      return;
    }
    if (!isObject(value)) return;
    const { type, enum: choices } = value;
    if (Array.isArray(choices) && Array.isArray(type) && type.includes('null') && !choices.includes(null)) {
      value.enum = [...choices, null];
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  return node;
}

/**
 * A schema declared with `$id: '#/components/schemas/<Name>'` (the error envelope, src/http/schemas.ts)
 * is written once under components.schemas and referenced everywhere else, so that a generated client has
 * one named type for it (and the document is not the same object a thousand times over).
 */
export function hoistNamed<T>(node: T, schemas: Record<string, unknown>): T {
  const prefix = '#/components/schemas/';
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const id = value.$id;
    if (typeof id === 'string' && id.startsWith(prefix)) {
      const { $id: _id, ...schema } = value;
      const name = id.slice(prefix.length);
      schemas[name] ??= walk(schema);
      return { $ref: id };
    }
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = walk(child);
    return out;
  };
  return walk(node) as T;
}
