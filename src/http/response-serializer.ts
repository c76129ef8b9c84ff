import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.ZodType | { properties: z.ZodType };
type Serialize = (data: unknown) => string;

const zodOf = (schema: ResponseSchema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties);

/**
 * zod writes `additionalProperties: false` for its objects; fast-json-stringify then refuses (500)
 * a body whose nested object carries a field the contract does not list — the record as stored,
 * say — where the zod encode (tests) quietly leaves it out. Without it, fields outside the schema
 * are left out here too.
 */
function openObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(openObjects);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o['additionalProperties'] === false) delete o['additionalProperties'];
  for (const v of Object.values(o)) openObjects(v);
}

function compile(schema: ResponseSchema): Serialize {
  try {
    const json = z.toJSONSchema(zodOf(schema), { io: 'output', unrepresentable: 'any', cycles: 'ref', target: 'draft-7' });
    openObjects(json);
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    // A schema JSON Schema cannot express is written as it is.
    return (data) => JSON.stringify(data);
  }
}

/**
 * Response bodies written by a serializer compiled from the route's zod response schema (zod →
 * JSON Schema → fast-json-stringify), instead of the zod encode of every body at run time. Only
 * the schema's fields are written, as the zod encode does. Each is compiled when its route and
 * status first answer: compiling all of them (≈ 800) at start-up took seconds and ≈ 40 MB.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({ schema }) => {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= compile(schema))(data);
};

/**
 * The serializer compiler for the environment: in tests every response body is still checked
 * against its contract (a body that drifts from it fails the request), elsewhere the compiled one.
 */
export const responseSerializerCompiler = (env: 'development' | 'production' | 'test'): FastifySerializerCompiler<ResponseSchema> =>
  env === 'test' ? (validatingSerializerCompiler as FastifySerializerCompiler<ResponseSchema>) : compiledSerializerCompiler;
