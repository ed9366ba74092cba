/**
 * The hidden idempotency key every form that changes something upstream renders, with or without JavaScript.
 */
import { useMatches } from "react-router";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency-field";

/** The key the page's loader rendered: the `idempotencyKey` of the deepest route whose data has one. */
function usePageIdempotencyKey(): string | undefined {
  const matches = useMatches();
  for (const match of matches.toReversed()) {
    const data = match.loaderData as { idempotencyKey?: unknown } | undefined;
    if (typeof data?.idempotencyKey === "string") return data.idempotencyKey;
  }
  return undefined;
}

/**
 * The hidden idempotency key of a form that changes something upstream. Every such form renders it, with or
 * without JavaScript; the page's loader provides the key (`pageIdempotencyKey`).
 */
export function IdempotencyField() {
  const key = usePageIdempotencyKey();
  return key ? (
    <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
  ) : null;
}
