import { z } from 'zod';
import { methods, path } from '../../../shared/routes';
import { API_ABILITIES } from '../../../shared/api-abilities';
import { API_RATE_LIMIT, API_RATE_WINDOW_SECONDS } from './http';
import { API_OPERATIONS, type ApiOperation } from './operations';
import { problemSchema } from './resources';

type Json = Record<string, unknown>;
const SCHEMAS = '#/components/schemas/';

/**
 * The API's OpenAPI 3.1 document, generated from the operations table and the zod schemas the
 * server itself validates with (the forms' contracts) and answers with (resources.ts). Named
 * schemas (`.meta({ id })`) land in components; every `$ref` points there.
 */
export function openApiDocument(appName: string, appUrl: string): Json {
  const components: Record<string, unknown> = {};

  /** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), its named parts moved to components. */
  function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
    const { $schema: _s, $defs, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json & { $defs?: Record<string, Json> };
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', SCHEMAS) : relink(v)]));
      }
      return value;
    };
    for (const [name, def] of Object.entries($defs ?? {})) components[name] = relink(def);
    const id = (schema.meta() as { id?: string } | undefined)?.id;
    if (id) {
      // A named root comes back as a reference to its own definition (moved above), or inline.
      if (!$defs?.[id]) components[id] = relink(rest);
      return { $ref: SCHEMAS + id };
    }
    return relink(rest) as Json;
  }

  /** A form's schema as a request body: a POST names the fields the form requires, a PATCH none. */
  function bodyOf(op: ApiOperation): Json {
    const body = schemaOf(op.body!.schema, 'input');
    const shape = (op.body!.schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    const required = op.body!.partial ? [] : Object.entries(shape).flatMap(([name, field]) => (field.safeParse(null).success ? [] : [name]));
    const { required: _all, ...rest } = body;
    return { ...rest, ...(required.length ? { required } : {}) };
  }

  const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: `${SCHEMAS}Problem` } } }, headers: rateHeaders });
  const rateHeaders = {
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
    'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
    'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of API_OPERATIONS) {
    const url = path(op.route).replace(/:(\w+)/g, '{$1}');
    const hasId = url.includes('{id}');
    const parameters = [
      ...(hasId ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] : []),
      ...(op.ifMatch ? [{ name: 'If-Match', in: 'header', required: true, description: 'The ETag of the record as last read (or `*`).', schema: { type: 'string' } }] : []),
      ...(op.query ?? []).map((q) => ({ name: q.name, in: 'query', required: false, ...(q.description ? { description: q.description } : {}), schema: schemaOf(q.schema, 'input') })),
    ];
    const responses: Record<string, unknown> = {
      [op.status]: {
        description: op.status === 201 ? 'Created' : 'OK',
        headers: {
          ...rateHeaders,
          ...(op.etag ? { ETag: { description: 'The version to send back in If-Match.', schema: { type: 'string' } } } : {}),
          ...(op.status === 201 ? { Location: { schema: { type: 'string' } } } : {}),
        },
        content: { 'application/json': { schema: schemaOf(op.response, 'output') } },
      },
      400: problem('A malformed request (unreadable JSON, a broken cursor).'),
      401: problem('No token, or one that is unknown, revoked or expired.'),
      403: problem(`The token lacks the ability \`${op.ability}\`.`),
      ...(hasId ? { 404: problem("No such record in the token's organization.") } : {}),
      ...(op.body ? { 413: problem('The body is larger than 1 MB.'), 415: problem('The body is not JSON.'), 422: problem('Invalid fields: `errors` holds their messages.') } : {}),
      ...(hasId && !op.body ? { 422: problem('The record cannot do that now (e.g. share a draft).') } : {}),
      ...(op.ifMatch ? { 412: problem('The record changed since it was read: read it again.'), 428: problem('If-Match is missing.') } : {}),
      429: { ...problem('Too many requests for this token: wait Retry-After seconds.'), headers: { ...rateHeaders, 'Retry-After': { schema: { type: 'integer' } } } },
    };
    paths[url] ??= {};
    paths[url][methods(op.route)[0].toLowerCase()] = {
      operationId: op.route.replace(/^api\./, '').replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase()),
      summary: op.summary,
      tags: [op.tag],
      security: [{ bearerAuth: [op.ability] }],
      'x-abilities': [op.ability],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: !op.body.partial, content: { 'application/json': { schema: bodyOf(op) } } } } : {}),
      responses,
    };
  }
  schemaOf(problemSchema, 'output');

  const header = (description: string) => ({ description, schema: { type: 'integer' } });
  return {
    openapi: '3.1.0',
    info: {
      title: `${appName} API`,
      version: '1',
      description: `Organization API tokens (\`Authorization: Bearer bdly_…\`), made by admins on the organization's API tokens page. Abilities: ${API_ABILITIES.join(', ')}. Each token may send ${API_RATE_LIMIT} requests per ${API_RATE_WINDOW_SECONDS} seconds. Errors are RFC 9457 problem details.`,
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: appUrl }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'Board users' }, { name: 'Insights' }, { name: 'Activity' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'bdly_…', description: 'An organization API token; each operation names the ability it needs (x-abilities).' } },
      schemas: components,
      headers: {
        'RateLimit-Limit': header('Requests allowed in the window.'),
        'RateLimit-Remaining': header('Requests left in the window.'),
        'RateLimit-Reset': header('Seconds until the window resets.'),
      },
    },
  };
}
