import { beforeEach, describe, expect, it } from "vitest";
import { newSession, routeContext } from "../../tests/fixtures/app";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency-field";
import { formIdempotencyKey, pageIdempotencyKey } from "./idempotency.server";

const UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const POSTED = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

let context: ReturnType<typeof routeContext>;

beforeEach(async () => {
  context = routeContext(await newSession(), {});
});

function form(value?: string): FormData {
  const data = new FormData();
  if (value !== undefined) data.set(IDEMPOTENCY_FIELD, value);
  return data;
}

describe("idempotency keys", () => {
  it("renders a fresh random UUID for every page", async () => {
    const keys = [];
    for (let page = 0; page < 3; page++)
      keys.push(pageIdempotencyKey(routeContext(await newSession(), {})));
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(3);
  });

  it("reads the posted key, and renders it again on the page that answers the post", () => {
    const sent = formIdempotencyKey(context, form(POSTED));
    expect(pageIdempotencyKey(context)).toBe(POSTED);
    // A resubmit by the same visitor sends the same key upstream.
    expect(formIdempotencyKey(context, form(POSTED))).toBe(sent);
    expect(sent).toMatch(/^[\x21-\x7e]{1,200}$/);
  });

  it("binds the key sent upstream to the visitor: two visitors posting one page's key make two requests", async () => {
    const other = routeContext(await newSession(), {});
    expect(formIdempotencyKey(other, form(POSTED))).not.toBe(
      formIdempotencyKey(context, form(POSTED)),
    );
  });

  it("replaces a missing or malformed key with a fresh one, never failing the form", () => {
    const posted = formIdempotencyKey(context, form(POSTED));
    for (const bad of [undefined, "", "1", "not-a-uuid", `${POSTED}x`]) {
      const key = formIdempotencyKey(context, form(bad));
      expect(key).not.toBe(posted);
      expect(pageIdempotencyKey(context)).toMatch(UUID);
      expect(pageIdempotencyKey(context)).not.toBe(POSTED);
    }
  });
});
