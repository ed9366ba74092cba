/**
 * Choosing another day on Home while the visitor holds a confirmed registration (which choosing a day deletes):
 * the cancel dialog's question first. With JavaScript a dialog on Home; without it Home's action answers with the
 * same question as a page (/dag-wijzigen). Either way 'Ja, schrijf mij uit' posts the day choice to Home's action
 * again, now with the confirmation, and 'Annuleren' changes nothing.
 */
import { useState } from "react";
import { Form, href } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { IdempotencyField } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { MESSAGES, SWITCH_DAY, CANCEL_LABELS, HOME_PAGE } from "~/messages";

/** The field that says the visitor agreed to give up the confirmed registration. */
export const CONFIRM_FIELD = "confirm";

/** The question as a page, for the day the visitor chose. */
export function switchDayHref(orientationDayId: number): string {
  return `${href("/dag-wijzigen")}?${new URLSearchParams({ dag: String(orientationDayId) })}`;
}

/** 'Ja, schrijf mij uit': the day choice again, to Home's action, with the confirmation. */
export function ConfirmSwitchForm({
  orientationDayId,
}: {
  orientationDayId: number;
}) {
  return (
    <Form method="post" action={`${href("/")}?index`}>
      <input type="hidden" name="orientationDayId" value={orientationDayId} />
      <input type="hidden" name={CONFIRM_FIELD} value="1" />
      <IdempotencyField />
      <Button type="submit" variant="destructive">
        {CANCEL_LABELS.confirm}
      </Button>
    </Form>
  );
}

/**
 * The card's 'Inschrijven': until the page is hydrated it posts the day choice (Home's action then asks on a page),
 * afterwards it opens the question. It is one and the same button element throughout, so a tap that starts before
 * hydration and ends after it is not lost (decision 0060).
 */
export function SwitchDayDialog({
  orientationDayId,
  label,
}: {
  orientationDayId: number;
  /** The accessible name of the 'Inschrijven' button (which day). */
  label: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Form method="post">
        <input type="hidden" name="orientationDayId" value={orientationDayId} />
        <IdempotencyField />
        <DialogTrigger
          type={hydrated ? "button" : "submit"}
          aria-haspopup={hydrated ? "dialog" : undefined}
          aria-expanded={hydrated ? open : undefined}
          aria-label={label}
          className={buttonVariants()}
        >
          {HOME_PAGE.register}
        </DialogTrigger>
      </Form>
      {/* Beside the form, not in it: the question's own form must not submit the day choice too. */}
      <DialogContent side="center">
        <DialogTitle>{MESSAGES.cancelQuestion}</DialogTitle>
        <DialogDescription>{SWITCH_DAY.explanation}</DialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose className={buttonVariants({ variant: "outline" })}>
            {CANCEL_LABELS.keep}
          </DialogClose>
          <ConfirmSwitchForm orientationDayId={orientationDayId} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
