/**
 * 'Inschrijving annuleren' for a created registration (spec "Cancelling", section 8's cancel dialog).
 *
 * Without JavaScript it is a link to the confirmation page /inschrijving-annuleren, which remembers where the
 * visitor came from. Once hydrated it is a button opening a dialog that asks the same question; its
 * 'Ja, schrijf mij uit' posts the same form to the same action through a fetcher, so only the page around it
 * differs. The action redirects home on success; a failure is said inside the dialog.
 */
import { LoaderCircle } from "~/components/ui/icons";
import { useState } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { IdempotencyField } from "~/components/forms";
import { ErrorAlert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import { MESSAGES, CANCEL_LABELS } from "~/messages";

/** What the cancel action answers when it keeps the visitor where they are (an upstream failure). */
export interface CancelActionData {
  error: string;
}

/** The confirmation page's address, with the page to go back to when the visitor keeps the registration. */
export function cancelPageHref(returnTo: string): string {
  const search = new URLSearchParams({ redirectTo: returnTo });
  return `${href("/inschrijving-annuleren")}?${search}`;
}

/**
 * The 'Ja, schrijf mij uit' form. With JavaScript it goes through the given fetcher: the button is busy and
 * cannot be pressed twice while the deletion is under way.
 */
export function ConfirmCancelForm({
  fetcher,
  className,
}: {
  fetcher: ReturnType<typeof useFetcher<CancelActionData>>;
  className?: string;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={href("/inschrijving-annuleren")}
      className={className}
    >
      <IdempotencyField />
      <Button
        type="submit"
        variant="destructive"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={(event) => {
          // Not `disabled`: that would drop focus to the page while the deletion runs.
          if (busy) event.preventDefault();
        }}
      >
        {busy ? (
          <LoaderCircle
            aria-hidden="true"
            className="animate-spin motion-reduce:animate-none"
          />
        ) : null}
        {CANCEL_LABELS.confirm}
      </Button>
    </fetcher.Form>
  );
}

/** The error the cancel action answered with, said once, next to the buttons. */
export function CancelError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <ErrorAlert message={message} />;
}

export function CancelRegistration({
  returnTo,
  className,
}: {
  /** Where the confirmation page's 'Annuleren' leads (without JavaScript); the current page by default. */
  returnTo?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const location = useLocation();

  if (!hydrated) {
    return (
      <Link
        to={cancelPageHref(
          returnTo ?? `${location.pathname}${location.search}`,
        )}
        className={cn(buttonVariants({ variant: "outline" }), className)}
      >
        {CANCEL_LABELS.trigger}
      </Link>
    );
  }
  return <CancelDialog className={className} />;
}

/**
 * The hydrated button and its dialog. The fetcher is made here, not before hydration: one that went with the
 * server's version (the cart's disclosure) would make React Router re-render the whole page as it hydrates.
 */
function CancelDialog({ className }: { className?: string }) {
  const fetcher = useFetcher<CancelActionData>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the deletion runs the dialog stays, so its outcome is seen.
        if (busy) return;
        setOpen(next);
        // The next opening starts without this attempt's error.
        if (!next) fetcher.reset();
      }}
    >
      <DialogTrigger
        className={cn(buttonVariants({ variant: "outline" }), className)}
      >
        {CANCEL_LABELS.trigger}
      </DialogTrigger>
      <DialogContent side="center" aria-describedby={undefined}>
        <DialogTitle>{MESSAGES.cancelQuestion}</DialogTitle>
        <CancelError message={fetcher.data?.error} />
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose
            className={buttonVariants({ variant: "outline" })}
            disabled={busy}
          >
            {CANCEL_LABELS.keep}
          </DialogClose>
          <ConfirmCancelForm fetcher={fetcher} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
