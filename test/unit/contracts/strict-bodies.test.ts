import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { buildTestApp, type TestApp } from '../../support/app.ts';

/**
 * Where a request body schema accepts keys it does not declare: `z.object` strips them silently
 * and `.loose()`/`.catchall()` keeps them, so `{ …, isAdmin: true }` would be a 200. Every object
 * at every level of a body must be `z.strictObject` (catchall `never`): unknown keys are a 400.
 */
function nonStrictObjects(schema: unknown, path = '(body)', seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema) || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as $ZodType)._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, at: string) => nonStrictObjects(inner, at, seen);
  switch (def.type) {
    case 'object': {
      const catchall = def['catchall'] as $ZodType | undefined;
      const own = catchall?._zod.def.type === 'never' ? [] : [path];
      const shape = def['shape'] as Record<string, unknown>;
      return [...own, ...Object.entries(shape).flatMap(([k, v]) => walk(v, `${path}.${k}`)), ...(catchall ? walk(catchall, `${path}.*`) : [])];
    }
    case 'array':
      return walk(def['element'], `${path}[]`);
    case 'union':
      return (def['options'] as unknown[]).flatMap((o, i) => walk(o, `${path}|${i}`));
    case 'intersection':
      return [...walk(def['left'], path), ...walk(def['right'], path)];
    case 'tuple':
      return [...(def['items'] as unknown[]).flatMap((o, i) => walk(o, `${path}[${i}]`)), ...walk(def['rest'], `${path}[…]`)];
    case 'record':
    case 'map':
      return [...walk(def['keyType'], `${path}{key}`), ...walk(def['valueType'], `${path}{}`)];
    case 'set':
      return walk(def['valueType'], `${path}{}`);
    case 'pipe':
      return [...walk(def['in'], path), ...walk(def['out'], path)];
    case 'lazy':
      return walk((def['getter'] as () => unknown)(), path);
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional, promise …
      return 'innerType' in def ? walk(def['innerType'], path) : [];
  }
}

describe('nonStrictObjects', () => {
  it('finds a plain or loose object at any level, and passes strict ones', () => {
    expect(nonStrictObjects(z.strictObject({ a: z.string() }))).toEqual([]);
    expect(nonStrictObjects(z.object({ a: z.string() }))).toEqual(['(body)']);
    expect(nonStrictObjects(z.looseObject({ a: z.string() }))).toEqual(['(body)']);
    expect(nonStrictObjects(z.object({ a: z.string() }).catchall(z.string()))).toEqual(['(body)']);
    const nested = z.strictObject({
      list: z.array(z.strictObject({ inner: z.object({ x: z.number() }).optional() })),
      fee: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]).nullable(),
      piped: z.string().transform((s) => s.length).pipe(z.number()),
      map: z.record(z.string(), z.object({})),
      lazy: z.lazy(() => z.object({})).default({}),
    });
    expect(nonStrictObjects(nested)).toEqual(['(body).list[].inner', '(body).fee|1', '(body).map{}', '(body).lazy']);
  });
});

describe('every route body in the real server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is strict at every level (unknown keys are refused, not dropped)', () => {
    const withBody = t.app.apiRoutes.filter((r) => r.body !== undefined);
    // The walk sees the write routes' bodies (a guard against the walk silently finding none).
    expect(withBody.length).toBeGreaterThan(20);
    expect(withBody.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['PUT /api/reminders/policy', 'POST /api/reminders/pauses', 'POST /api/contact']));
    const loose = withBody.flatMap((r) => nonStrictObjects(r.body).map((where) => `${r.method} ${r.url}: ${where}`));
    expect(loose).toEqual([]);
  });
});
