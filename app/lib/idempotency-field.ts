/**
 * The name of the hidden field carrying a form's idempotency key: the forms render it (components/forms/), the
 * server reads it (request/idempotency.server.ts). Here, below both, so neither imports the other's layer.
 */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
