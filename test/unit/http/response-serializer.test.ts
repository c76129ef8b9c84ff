import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '../../../src/http/response-serializer.ts';
import { arbitraryFor } from '../../support/schema-arbitrary.ts';

/**
 * Outside tests, response bodies are written by serializers compiled from the routes' zod
 * schemas (src/http/response-serializer.ts); tests validate with zod. Both must write the same
 * JSON for any body that meets the contract: checked here for every zod schema the contracts export.
 */
const contracts = readdirSync(new URL('../../../src/contracts/', import.meta.url)).filter((f) => f.endsWith('.ts'));
const schemas: [string, z.ZodType][] = [];
for (const file of contracts) {
  const mod = (await import(/* @vite-ignore */ new URL(`../../../src/contracts/${file}`, import.meta.url).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) if (value instanceof z.ZodType) schemas.push([`${file} ${name}`, value]);
}

/** The value with an extra field on every plain object, at any depth. */
function withExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtraFields(v)])), storedOnlyField: 'x' };
}

const route = { method: 'GET', url: '/test', httpStatus: '200' };
const compared = new Set<string>();

describe('the compiled response serializer writes what the zod one writes', () => {
  it('finds the contracts’ schemas', () => expect(schemas.length).toBeGreaterThan(50));

  it.each(schemas)('%s', (name, schema) => {
    const compiled = compiledSerializerCompiler({ schema, ...route });
    const checked = serializerCompiler({ schema, ...route });
    fc.assert(
      fc.property(arbitraryFor(schema), (input) => {
        const parsed = schema.safeParse(input);
        if (!parsed.success) return;
        let expected: string;
        try {
          expected = checked(parsed.data);
        } catch {
          return; // a value zod parses but cannot encode back (a one-way transform)
        }
        compared.add(name);
        expect(JSON.parse(compiled(parsed.data))).toEqual(JSON.parse(expected));
        // A body as the domain hands it over: every object with a field the contract does not list
        // (a stored record's extra field) is written as zod writes it, never refused.
        const noisy = withExtraFields(parsed.data);
        let expectedNoisy: string;
        try {
          expectedNoisy = checked(noisy);
        } catch {
          return; // a strict object refuses unknown fields in both
        }
        expect(JSON.parse(compiled(noisy))).toEqual(JSON.parse(expectedNoisy));
      }),
      { numRuns: 25, seed: 16 },
    );
  });

  // Most schemas got values both serializers wrote (the rest: arbitraries zod refused every time).
  it('compared bodies for most schemas', () => expect(compared.size).toBeGreaterThan(schemas.length * 0.7));
});
