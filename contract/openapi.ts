import { z } from "zod";
import {
  API_BASE_PATH,
  ENDPOINTS,
  ErrorBodySchema,
  HEADERS,
  IDEMPOTENCY_WINDOW_HOURS,
  IdempotencyKeySchema,
  type Endpoint,
} from "./contract";

function schema(s: z.ZodType) {
  return z.toJSONSchema(s, { io: "input", unrepresentable: "any" });
}

function operation(name: string, e: Endpoint) {
  const params: object[] = [
    {
      name: HEADERS.siteHost,
      in: "header",
      required: true,
      schema: { type: "string" },
      description: "Host name the visitor used; its first label names the site",
    },
    {
      name: HEADERS.apiKey,
      in: "header",
      required: true,
      schema: { type: "string" },
    },
    {
      name: HEADERS.anonymousUserId,
      in: "header",
      required: true,
      schema: { type: "string" },
    },
    {
      name: HEADERS.attempt,
      in: "header",
      required: false,
      schema: { type: "integer" },
      description: "Retry number, on retries only",
    },
  ];
  if (e.idempotencyKey)
    params.push({
      name: HEADERS.idempotencyKey,
      in: "header",
      required: false,
      schema: schema(IdempotencyKeySchema),
      description: `The same request (site, call, key, registration id, path, query, body) sent again with this key within ${IDEMPOTENCY_WINDOW_HOURS} h is answered with its first 200 or 204 answer, without doing the work again; refusals are not kept`,
    });
  if (e.registration)
    params.push({
      name: HEADERS.registrationId,
      in: "header",
      required: true,
      schema: { type: "string" },
    });
  for (const [, p] of e.path.matchAll(/\{(\w+)\}/g))
    params.push({
      name: p,
      in: "path",
      required: true,
      schema: { type: "string" },
    });
  if (e.query) {
    for (const [key, value] of Object.entries(e.query.shape)) {
      params.push({
        name: key,
        in: "query",
        required: true,
        schema: schema(value as z.ZodType),
      });
    }
  }
  const responses: Record<string, object> = {
    200: {
      description: "OK",
      content: { "application/json": { schema: schema(e.answer) } },
    },
  };
  if (e.noContent) responses[204] = { description: e.noContent };
  const errorContent = {
    "application/json": { schema: schema(ErrorBodySchema) },
  };
  responses[400] = { description: "malformed request", content: errorContent };
  responses[401] = {
    description: "missing or wrong API key",
    content: errorContent,
  };
  for (const [status, description] of Object.entries(e.errors ?? {})) {
    responses[status] = { description, content: errorContent };
  }
  return {
    operationId: name,
    summary: e.summary,
    parameters: params,
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(e.body) } },
          },
        }
      : {}),
    responses,
  };
}

/** The upstream contract as an OpenAPI 3.1 document. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = API_BASE_PATH + e.path;
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = operation(name, e);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Orientation-day registration: upstream API",
      version: API_BASE_PATH.slice(1),
      description:
        "The API the registration site calls. Generated from contract/contract.ts; do not edit.",
    },
    paths,
  };
}
