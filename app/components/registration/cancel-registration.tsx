/**
 * 'Inschrijving annuleren' (spec "Cancelling"). Without JavaScript a link to the confirmation page; with it the
 * same question in a dialog, whose 'Ja, schrijf mij uit' posts to that page's action.
 */
import { href, Link, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { MESSAGES } from "~/messages";

export function CancelRegistration() {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";

  if (!hydrated) {
    return (
      <Button asChild variant="outline">
        <Link to={href("/inschrijving-annuleren")}>Inschrijving annuleren</Link>
      </Button>
    );
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">Inschrijving annuleren</Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogTitle>Inschrijving annuleren</DialogTitle>
        <DialogDescription className="text-base">
          {MESSAGES.cancelQuestion}
        </DialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Annuleren</Button>
          </DialogClose>
          <fetcher.Form method="post" action={href("/inschrijving-annuleren")}>
            <Button
              type="submit"
              variant="destructive"
              aria-disabled={busy || undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
            >
              Ja, schrijf mij uit
            </Button>
          </fetcher.Form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
