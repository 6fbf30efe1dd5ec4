/**
 * The OpenAPI 3.1 document of every REST route, generated from the operation definitions
 * (zod 4's JSON Schema output), with paths written in full.
 */
import { z } from 'zod';
import type { NamedOperation } from './operation';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['success', 'code', 'message', 'errors'],
  properties: {
    success: { const: false },
    code: { type: 'string', examples: ['VALIDATION_ERROR'] },
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
    requestId: { type: 'string' },
  },
};

function successSchema(output: JsonSchema): JsonSchema {
  const properties = { success: { const: true }, ...((output.properties as JsonSchema | undefined) ?? {}) };
  const required = ['success', ...((output.required as string[] | undefined) ?? [])];
  return { ...output, type: 'object', properties, required };
}

export function openApiDocument(operations: NamedOperation[], info: { title: string; version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { id, operation } of operations) {
    const rest = operation.rest;
    if (!rest) continue;
    const pathParams = [...rest.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
    const input = toSchema(operation.input, 'input');
    const props = (input.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = new Set((input.required as string[] | undefined) ?? []);
    const parameters: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
    const bodyProps: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(props)) {
      if (pathParams.includes(name)) continue;
      if (rest.method === 'get') {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      } else bodyProps[name] = schema;
    }
    const bodyRequired = [...required].filter((n) => n in bodyProps);
    const op: Record<string, unknown> = {
      operationId: id,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: operation.tags,
      'x-trpc-procedure': id,
      parameters,
      responses: {
        [String(rest.successStatus ?? 200)]: { description: 'Success', content: { 'application/json': { schema: successSchema(toSchema(operation.output, 'output')) } } },
        default: { description: 'Error (see the envelope in docs/architecture.md §3)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (rest.method !== 'get' && Object.keys(bodyProps).length > 0) {
      op.requestBody = {
        required: bodyRequired.length > 0,
        content: { 'application/json': { schema: { type: 'object', properties: bodyProps, ...(bodyRequired.length ? { required: bodyRequired } : {}) } } },
      };
    }
    paths[rest.path] ??= {};
    paths[rest.path]![rest.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'An opaque access token (send X-Auth-Transport: bearer when signing in)' },
      },
    },
  };
}
