// The OpenAPI 3.1 document of the API, generated from the endpoint table (api/endpoints.ts): the inputs' JSON
// Schemas come from their zod schemas (z.toJSONSchema, as the client sends them), the answers' from api/outputs.ts
// where the row has one (else the answer names its type).
// Served at GET /api/openapi.json (features/config/routes.ts).
import { z } from 'zod';
import type { Access, EndpointSpec } from './endpoint.js';
import { endpoints } from './endpoints.js';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): an input as the client writes it (the input side
 *  of transforms), an answer (api/outputs.ts) as the server sends it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Express `:id` → OpenAPI `{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  public: [],
  optionalUser: [{}, { bearer: [] }],
  customer: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  customerOrOrderToken: [{ bearer: [] }, { orderToken: [] }, { orderTokenQuery: [] }],
  liveTicket: [],
  devLoopback: [],
};

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = jsonSchema(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [{ name: 'query', in: 'query', style: 'form', explode: true, schema: json }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function operation(name: string, e: EndpointSpec): JsonSchema {
  const parameters = [
    ...pathParams(e.path).map((param) => ({ name: param, in: 'path', required: true, schema: { type: 'string' } })),
    ...(e.query ? queryParameters(e.query) : []),
  ];
  const status = String(e.status ?? 200);
  const answer = e.output.schema ? jsonSchema(e.output.schema, 'output') : {};
  return {
    operationId: name,
    summary: e.summary,
    tags: [e.path.split('/')[2] ?? 'api'],
    ...(SECURITY[e.access]!.length ? { security: SECURITY[e.access] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(e.body
      ? {
          requestBody: {
            required: !e.body.safeParse(undefined).success,
            content: { 'application/json': { schema: jsonSchema(e.body) } },
          },
        }
      : e.bodyType
        ? {
            requestBody: {
              required: true,
              content: {
                [e.bodyType]: {
                  schema: { type: 'object', properties: { image: { type: 'string', contentMediaType: 'image/*' } } },
                },
              },
            },
          }
        : {}),
    responses: {
      [status]: { description: e.output.name, content: { [e.output.contentType]: { schema: answer } } },
      default: {
        description: 'An error: its message, and each bad field for a 400',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    'x-access': e.access,
    ...(e.rateLimits ? { 'x-rate-limits': e.rateLimits } : {}),
    ...(e.only ? { 'x-only': e.only } : {}),
  };
}

/** The whole document (one object per call: callers may keep it). */
export function openApiDocument(table: Record<string, EndpointSpec> = endpoints): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, e] of Object.entries(table)) {
    const item = (paths[openApiPath(e.path)] ??= {});
    item[e.method.toLowerCase()] = operation(name, e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voltshop API',
      version: '1',
      description:
        'Generated from functions/src/api/endpoints.ts. x-access says who may call (see api/endpoint.ts Access); ' +
        'x-only marks routes of one backend or option; docs/api.md has the prose.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        orderToken: { type: 'apiKey', in: 'header', name: 'X-Order-Token' },
        orderTokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
          required: ['message'],
        },
      },
    },
  };
}
