import fc from 'fast-check';
import { z } from 'zod';

/**
 * Plausible values for a route's zod schema (zod 4 has no built-in arbitrary): the schema goes
 * through its JSON Schema form and each node becomes a fast-check arbitrary that mostly keeps
 * to its type, bounds, enum and format, so a handler gets past validation often enough to run.
 * `strings` adds values to use for free-text strings (dates, codes, …); `byKey` values for
 * strings under a given property name (real record ids: `clientId` → the ids of clients).
 */
export function arbitraryFor(schema: unknown, strings: readonly string[] = [], byKey: Readonly<Record<string, readonly string[]>> = {}): fc.Arbitrary<unknown> {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
  } catch {
    return fc.anything();
  }
  return fromJson(json, { root: json, strings, byKey }, 0, '');
}

interface Context {
  root: JsonSchema;
  strings: readonly string[];
  byKey: Readonly<Record<string, readonly string[]>>;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const MAX_DEPTH = 6;

function fromJson(s: JsonSchema, ctx: Context, depth: number, key: string): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (x: JsonSchema, k = key) => fromJson(x, ctx, depth + 1, k);
  if (s.$ref) {
    const name = s.$ref.split('/').pop() ?? '';
    const target = ctx.root.$defs?.[name];
    return target ? next(target) : fc.anything();
  }
  if ('const' in s) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((x) => next(x)));
  if (s.allOf?.length) return next(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => next({ ...s, type: t })));
  switch (type[0]) {
    case 'object':
      return objectOf(s, next);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((x) => next(x)));
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      const min = s.minItems ?? 0;
      return fc.array(item ? next(item) : fc.anything(), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 3, min + 3)) });
    }
    case 'string':
      return stringOf(s, ctx.byKey[key] ?? [], ctx.strings);
    case 'integer':
    case 'number':
      return numberOf(s, type[0] === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectOf(s: JsonSchema, next: (x: JsonSchema, key?: string) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = next(v, k);
  const known = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  if (typeof s.additionalProperties === 'object') {
    const extra = fc.dictionary(fc.string({ maxLength: 12 }), next(s.additionalProperties), { maxKeys: 3 });
    return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
  }
  return known;
}

function stringOf(s: JsonSchema, forKey: readonly string[], strings: readonly string[]): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, minLength + 40));
  const free = fc.string({ minLength, maxLength });
  if (forKey.length) return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...forKey) }, { weight: 1, arbitrary: free });
  const formatted = formatOf(s);
  if (formatted) return fc.oneof({ weight: 4, arbitrary: formatted }, { weight: 1, arbitrary: free });
  const fitting = strings.filter((x) => x.length >= minLength && x.length <= (s.maxLength ?? Infinity));
  return fitting.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...fitting) }, { weight: 3, arbitrary: free }) : free;
}

function formatOf(s: JsonSchema): fc.Arbitrary<string> | null {
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  if (!s.pattern) return null;
  try {
    return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200));
  } catch {
    return null;
  }
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum === undefined ? -1000 : s.exclusiveMinimum + 1);
  const max = s.maximum ?? (s.exclusiveMaximum === undefined ? Math.max(min, 0) + 100_000 : s.exclusiveMaximum - 1);
  const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  const inRange = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.integer();
  const small = fc.integer({ min: Math.max(lo, 0), max: Math.max(Math.max(lo, 0), Math.min(hi, 100)) });
  if (integer) return fc.oneof(small, inRange);
  return fc.oneof(small, inRange, fc.double({ min: Math.max(min, -1e6), max: Math.min(max, 1e9), noNaN: true }));
}
