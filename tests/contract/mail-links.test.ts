/**
 * The calls behind the mailed links, run with CONTRACT_WRITE=true and a readable mailbox (CONTRACT_MAILBOX_URL):
 * a registration is submitted, its link mailed again (where the upstream offers that; only the newest confirms),
 * confirmed with the mailed token (twice: a scanner or a second click may come first), logged into with a mailed
 * login token (once only), and deleted. Once sent, the id the draft was made with changes nothing (403); the id the
 * login answers does (decision 0076).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { UpstreamClient } from "~/upstream/client.server";
import { MAIL_LINK_PATHS } from "#contract";
import type { OrientationDay } from "#contract";
import { answered, client, config, newIdentity, ok, refused } from "./upstream";

const MailboxSchema = z.array(z.object({ links: z.array(z.string()) }));

/** The token of the newest link to `path` mailed to the address. */
async function mailedToken(
  email: string,
  path: (typeof MAIL_LINK_PATHS)[keyof typeof MAIL_LINK_PATHS],
): Promise<string> {
  const url = new URL(config.mailbox!);
  url.searchParams.set("to", email);
  const mails = MailboxSchema.parse(await (await fetch(url)).json());
  const token = mails
    .flatMap((mail) => mail.links)
    .map((link) => new URL(link))
    .find((link) => link.pathname === path)
    ?.searchParams.get("token");
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return token;
}

describe.runIf(config.write && config.mailbox)(
  "upstream contract, mailed links",
  () => {
    const email = `contract-links-${randomUUID()}@example.com`;
    let day: OrientationDay;
    let registrationId: string;
    let registered: UpstreamClient;
    /** The client with the id a login answered, once logged in. */
    let owner: UpstreamClient | undefined;

    beforeAll(async () => {
      const reader = client();
      const { hash } = await ok(reader.call("registrationHash"));
      registrationId = hash;
      registered = client(newIdentity(hash));
      const days = await ok(reader.call("orientationDays"));
      for (const candidate of days.filter((d) => !d.readonly)) {
        const schools = await answered(
          reader.call("schools", { query: { orientationDay: candidate.id } }),
        );
        if (schools.status !== 200 || !schools.data[0]) continue;
        await ok(
          registered.call("create", {
            body: { school: schools.data[0].id, orientationDay: candidate.id },
          }),
        );
        const workshops = await answered(registered.call("workshops"));
        const seat =
          workshops.status === 200
            ? workshops.data.flatMap((workshop) =>
                workshop.availability
                  .filter((entry) => entry.available)
                  .map((entry) => ({
                    round: entry.round,
                    workshop: workshop.id,
                  })),
              )[0]
            : undefined;
        if (!seat) continue;
        await ok(registered.call("update", { body: { choices: [seat] } }));
        day = candidate;
        break;
      }
      if (!day) throw new Error("no open day with a free workshop seat");
      await ok(
        registered.call("pendingConfirmation", {
          body: {
            geslacht: "vrouw",
            voornaam: "Link",
            tussenvoegsel: null,
            achternaam: "Check",
            klas: "4a",
            telefoonnummer: null,
            emailadres: email,
            aantalPersonen: 1,
            marketingOptin: false,
            display: "Link",
          },
        }),
      );
    });

    afterAll(async () => {
      await (owner ?? registered)?.call("delete").catch(() => undefined);
    });

    it("refuses a change through the draft's own id once sent (403), and sends nothing", async () => {
      const seat = Object.entries(
        (await ok(registered.call("registration"))).choices,
      ).find(([, choice]) => choice)!;
      await refused(
        registered.call("update", {
          body: { choices: [{ round: Number(seat[0]), workshop: null }] },
        }),
        403,
      );
      await refused(
        registered.call("pendingConfirmation", {
          body: {
            geslacht: "man",
            voornaam: "Iemand",
            tussenvoegsel: null,
            achternaam: "Anders",
            klas: "1a",
            telefoonnummer: "0612345678",
            emailadres: `contract-other-${randomUUID()}@example.com`,
            aantalPersonen: 2,
            marketingOptin: false,
            display: "Iemand",
          },
        }),
        403,
      );
      await refused(registered.call("delete"), 403);
      const still = await ok(registered.call("registration"));
      expect(still).toMatchObject({ voornaam: "Link", emailadres: email });
      expect(still.choices[seat[0]]).not.toBeNull();
    });

    it("waits for the link, saying until when it works, and mails it again on request: only the newest confirms (an upstream without `confirmation` offers no resend)", async (context) => {
      const pending = await ok(registered.call("registration"));
      expect(pending.created).toBeNull();
      expect(pending.emailadres).toBe(email);
      if (pending.confirmation === undefined) context.skip();
      expect(Date.parse(pending.confirmation!.linkExpires)).toBeGreaterThan(
        Date.now(),
      );
      const first = await mailedToken(email, MAIL_LINK_PATHS.confirm);
      const resent = await ok(registered.call("resendConfirmation"));
      expect(resent.created).toBeNull();
      expect(resent.confirmation?.linkExpires).toEqual(expect.any(String));
      const newest = await mailedToken(email, MAIL_LINK_PATHS.confirm);
      expect(newest).not.toBe(first);
      await refused(client().call("confirm", { body: { token: first } }), 401);
    });

    it("confirms with the mailed token, and again with the same token", async () => {
      const token = await mailedToken(email, MAIL_LINK_PATHS.confirm);
      const confirmed = await ok(client().call("confirm", { body: { token } }));
      expect(confirmed.created).not.toBeNull();
      expect(confirmed.emailadres).toBe(email);
      expect(confirmed.confirmation ?? null).toBeNull();
      const again = await ok(client().call("confirm", { body: { token } }));
      expect(again.created).toBe(confirmed.created);
      // Confirmed: nothing to mail again.
      if (confirmed.confirmation !== undefined)
        await refused(registered.call("resendConfirmation"), 409);
    });

    it("logs in once with a mailed login token, answering the registration id", async () => {
      await ok(
        client().call("requestLogin", {
          body: { email, orientationDayId: day.id },
        }),
      );
      const token = await mailedToken(email, MAIL_LINK_PATHS.login);
      const login = await ok(client().call("login", { body: { token } }));
      expect(login.registration.orientationDay.id).toBe(day.id);
      expect(login.registration.created).not.toBeNull();
      await refused(client().call("login", { body: { token } }), 401);
      // Confirmed, the draft's own id still changes nothing; the login's id does.
      await refused(registered.call("removeSchool"), 403);
      expect(login.registrationId).not.toBe(registrationId);
      owner = client(newIdentity(login.registrationId));
      const changed = await ok(
        owner.call("pendingConfirmation", {
          body: {
            geslacht: "vrouw",
            voornaam: "Link",
            tussenvoegsel: null,
            achternaam: "Check",
            klas: "5b",
            telefoonnummer: null,
            emailadres: email,
            aantalPersonen: 1,
            marketingOptin: false,
            display: "Link",
          },
        }),
      );
      expect(changed.message).toEqual(expect.any(String));
      expect((await ok(owner.call("registration"))).klas).toBe("5b");
    });
  },
);
