/**
 * Home's notice of a registration that waits for its mailed link (decision 0065): what stays once the success
 * dialog or toast of 'Versturen' is gone. Part of the page on arrival, so it has no live role; a heading names it
 * for screen readers' heading lists. 'Stuur de e-mail opnieuw' is a plain form: it works without JavaScript.
 */
import { Form, href } from "react-router";
import { IdempotencyField } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Info, TriangleAlert } from "~/components/ui/icons";
import { AWAITING_CONFIRMATION as TEXT } from "~/messages";
import type { AwaitingNotice } from "~/registration/awaiting-confirmation";

export function AwaitingConfirmationNotice({
  notice,
}: {
  notice: AwaitingNotice;
}) {
  const warning = notice.state === "expired" || notice.linkExpired;
  const title =
    notice.state === "expired"
      ? TEXT.expiredTitle
      : notice.linkExpired
        ? TEXT.linkExpiredTitle
        : TEXT.title;
  return (
    <section aria-labelledby="bevestigen-titel">
      <Alert variant={warning ? "destructive" : "info"} size="lg">
        {warning ? (
          <TriangleAlert aria-hidden="true" />
        ) : (
          <Info aria-hidden="true" />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <h2 id="bevestigen-titel" className="text-lg font-bold">
            {title}
          </h2>
          {notice.state === "expired" ? (
            <p>{TEXT.expired}</p>
          ) : notice.linkExpired ? (
            <p className="break-words">
              {TEXT.linkExpired(notice.maskedEmail)}
            </p>
          ) : (
            <>
              <p className="break-words">
                {TEXT.sentTo(notice.maskedEmail)} {TEXT.howTo}
              </p>
              <p>
                {notice.linkUntil
                  ? TEXT.linkUntil(notice.linkUntil)
                  : TEXT.linkLimited}{" "}
                {notice.releasedAt
                  ? TEXT.ifNotUntil(notice.releasedAt)
                  : TEXT.ifNot}
              </p>
              {notice.resend ? <p>{TEXT.noMail}</p> : null}
            </>
          )}
          {notice.state === "waiting" && notice.resend ? (
            <Form
              method="post"
              action={href("/inschrijving-bevestigen/opnieuw")}
              className="mt-1"
            >
              <IdempotencyField />
              <Button type="submit" variant="outline">
                {TEXT.resend}
              </Button>
            </Form>
          ) : null}
        </div>
      </Alert>
    </section>
  );
}
