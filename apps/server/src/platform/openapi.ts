import fastifySwagger from '@fastify/swagger';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  PRODUCT_NAME,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  apiErrorSchema,
  webhookPayloadSchema,
} from '@vp/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  ResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { globalRegistry, toJSONSchema, ZodType } from 'zod';
import { keyScopeOf, type Access } from './scope.ts';

/**
 * Route schemas are the contract's zod schemas: they validate params, query and body, serialise
 * and check answers, and are published as the OpenAPI document. Access levels become the
 * document's security: a bearer session on every route but public ones, and the `Vendor` header on
 * routes that act for a vendor.
 */

export const API_TITLE = `${PRODUCT_NAME} API`;

/** Every refusal answers in this shape; one entry per route keeps the document honest. */
export const errorResponses = {
  '4xx': apiErrorSchema.describe('The request was refused: `{code, message}`, the message fit to show.'),
} as const;

/** Tags of the document, one per module, in reading order. */
const TAGS = [
  { name: 'health', description: 'Liveness of the API and its database.' },
  { name: 'auth', description: 'Login, logout, password reset and registration.' },
  { name: 'profile', description: "The user's own account, linked vendor accounts, terms of service." },
  { name: 'dashboard', description: 'The vendor summary shown on the dashboard.' },
  { name: 'products', description: "The MLS's products a website can carry." },
  { name: 'feedback', description: 'Feedback sent to the MLS Data Licensing Department.' },
  { name: 'agents', description: 'Agent search over the MLS roster and reciprocal agents.' },
  { name: 'websites', description: "The vendor's websites, their change requests and termination." },
  { name: 'history', description: 'The recorded changes of a website.' },
  {
    name: 'compliance',
    description:
      "Each licensed website checked against its products' display rules: checks, findings, Check now.",
  },
  { name: 'teams', description: 'The agent team of an IDX Team website.' },
  { name: 'documents', description: 'Files on the account and on websites, and the document types.' },
  { name: 'signatures', description: 'The Site Access Form: signing links, sealing, status and verify.' },
  {
    name: 'comments',
    description: 'The conversation of a vendor with MLS staff, on a website or the account.',
  },
  {
    name: 'contacts',
    description:
      "The vendor's key contacts, the contact types, and (admin role only) which types are required.",
  },
  { name: 'notifications', description: 'The caller’s notifications and how they are delivered.' },
  { name: 'live', description: 'The live channel: a WebSocket of change events.' },
  {
    name: 'resources',
    description: 'What the MLS publishes for vendors: rules, policies, logo packs, links. Kept by MLS staff.',
  },
  {
    name: 'consumers',
    description: 'Data feeds between vendors: the consumers a provider feeds, the providers of a consumer.',
  },
  {
    name: 'api-keys',
    description:
      "The vendor's API keys: made, rotated and revoked by its users (not with a key), seen and revoked by MLS staff.",
  },
  {
    name: 'webhooks',
    description:
      'Endpoints that receive licensing events, signed per Standard Webhooks; their delivery logs, redelivery and test events.',
  },
  {
    name: 'console',
    description: "The MLS staff console (admin role only): the approval queue and staff's decisions.",
  },
  {
    name: 'staff-accounts',
    description:
      'MLS staff console: vendors, users and invitations, document types. Admin role only; 404 to anyone else.',
  },
  {
    name: 'reports',
    description:
      'The MLS staff console’s reports (admin role only): billable sites, approval times, sites by product.',
  },
];

const vendorHeader = {
  type: 'object',
  properties: {
    vendor: {
      type: 'string',
      pattern: '^\\d{1,9}$',
      description:
        'Id of the linked vendor account to act for; without it, the primary account. ' +
        'An account not linked to the user answers 403.',
    },
  },
};

function accessOf(route: RouteOptions): Access {
  return route.config?.access ?? (route.url.startsWith('/api') ? 'session' : 'public');
}

/**
 * Answers are checked against their schema and keep only its fields. Zod's `parse` runs its
 * compiled fast path (several times quicker than `encode`, which the provider's own serializer
 * uses). The two agree only while response schemas hold no transforms, so a route whose answer
 * schema has one is refused when it is added.
 */
const checkedSerializer: FastifySerializerCompiler<ZodType | { properties: ZodType }> = ({
  schema,
  method,
  url,
}) => {
  const zodSchema = schema instanceof ZodType ? schema : schema.properties;
  try {
    toJSONSchema(zodSchema, { io: 'output' });
  } catch (cause) {
    throw new Error(`The answer schema of ${method} ${url} cannot be checked with parse`, { cause });
  }
  return (data) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** Schema compilers and the document generator; call before any route is added. */
export async function registerApiSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkedSerializer);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '1',
        description:
          'The API behind the Vendor Portal, where MLS data-licensing vendors register and manage the websites ' +
          'that receive listing data. Log in with `POST /api/login` (basic authentication) and send the token ' +
          'as a bearer on every other call. Every refusal answers `{code, message}`.',
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /api/login.' },
          basic: { type: 'http', scheme: 'basic', description: 'Username and password, on login only.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description:
              'An API key made under Tools → API keys, sent as a bearer. It acts for its vendor only; each ' +
              'operation open to keys names the scope it needs: ' +
              API_KEY_SCOPES.map((s) => `\`${s}\` (${API_KEY_SCOPE_LABELS[s].description})`).join('; ') +
              '. Revoked, expired or out-of-range use answers 401.',
          },
        },
      },
    },
    transform(input) {
      // The web app's files are not part of the API.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const schema = out.schema as Record<string, unknown>;
      if (schema.hide) return out;
      const access = accessOf(input.route);
      // An explicit security (login's basic, registration's invitation) stands as declared.
      const keyScope = keyScopeOf(access, input.route.config?.keyScope);
      if (!schema.security)
        schema.security =
          access === 'public' ? [] : [{ session: [] }, ...(keyScope ? [{ apiKey: [keyScope] }] : [])];
      if (access === 'vendor-read' || access === 'vendor-write') schema.headers = vendorHeader;
      // zod leaves a body's examples out of its input schema when a field transforms; keep them.
      const body = (input.schema as { body?: Parameters<typeof globalRegistry.get>[0] }).body;
      const examples = body && globalRegistry.get(body)?.examples;
      if (examples && schema.body && typeof schema.body === 'object') {
        schema.body = { ...schema.body, examples };
      }
      return out;
    },
    transformObject: (input) =>
      ({ ...jsonSchemaTransformObject(input), webhooks: webhookDocuments() }) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
}

/** The OpenAPI 3.1 `webhooks`: what an endpoint receives, one entry per event type. */
function webhookDocuments(): Record<string, unknown> {
  const body = toJSONSchema(webhookPayloadSchema, { io: 'output' }) as Record<string, unknown>;
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description,
  });
  const parameters = [
    header(
      'webhook-id',
      'The event’s id; the same on every attempt and redelivery. Receivers use it to deduplicate.',
    ),
    header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'),
    header(
      'webhook-signature',
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the ' +
        'secret’s bytes (after `whsec_`, base64). During a secret’s rotation overlap two signatures, space-separated.',
    ),
  ];
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          summary: `The ${type} event`,
          description:
            'Delivered at least once to each enabled endpoint subscribed to it; answer 2xx within 10 s. ' +
            'Other answers are retried with growing waits for 24 hours; redirects are not followed.',
          parameters,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { ...body, properties: { ...(body.properties as object), type: { const: type } } },
              },
            },
          },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    ]),
  );
}
