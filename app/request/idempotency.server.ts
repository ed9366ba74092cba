/**
 * Idempotency keys for the forms that change something upstream (decision 0018). A page's loader renders a fresh
 * key into its forms; the action reads it back and passes it to its upstream calls, which send it as a header.
 * A double click, a resubmit or a retry after a timeout then repeats the key, and the upstream answers the repeat
 * with its first answer instead of doing the work twice.
 *
 * The key lives in the page's loader data. With JavaScript, React Router reads a page's loaders again after a
 * successful submission (a new key) but not after a failed one (4xx/5xx): the retry sends the same key. Without
 * JavaScript a failed post renders the page in the same request: it gets the posted key back for the same reason.
 *
 * The key sent upstream is bound to the visitor: a digest of their anonymous id and the form's key. A page kept by
 * a cache, or left on a shared computer, hands its key to someone else; their post is then their own request, never
 * answered with the first visitor's answer (a login, a question dropped as a repeat).
 */
import { createHash, randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency-field";
import { getRequestState } from "./request-state.server";
import type { RequestState } from "./request-state.server";

type Context = Readonly<RouterContextProvider>;

const KeySchema = z.uuid();

/** The key each request's action read, for the page the same request may render. */
const postedKeys = new WeakMap<RequestState, string>();

/**
 * The posted form's key. A missing or malformed one (an old page, a hand-made post) is replaced by a fresh key, so
 * it never fails the form; that post is then only as safe as it was without keys.
 */
export function formIdempotencyKey(
  context: Context,
  formData: FormData,
): string {
  const parsed = KeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  const key = parsed.success ? parsed.data : randomUUID();
  const state = getRequestState(context);
  postedKeys.set(state, key);
  return createHash("sha256")
    .update(`${state.session.anonymousUserId}\n${key}`)
    .digest("base64url");
}

/** The key for a page's forms: the posted one when the page answers a post (a failed one), else a fresh one. */
export function pageIdempotencyKey(context: Context): string {
  return postedKeys.get(getRequestState(context)) ?? randomUUID();
}
