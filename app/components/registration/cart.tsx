/**
 * The cart (spec "Cart drawer"): a toggle 'Inschrijving' with the number of chosen workshops, and a panel with
 * each round's workshop or a 'Kies workshop' link (and the round's 'Wachtlijst' line, if any), the count, 'Inschrijving afronden' / 'Inschrijving wijzigen'
 * and, once created, 'Inschrijving annuleren'.
 *
 * Until the page is hydrated it is a `<details>` (opens without JavaScript; `open` renders it open, as after an
 * add). With JavaScript it is a modal drawer from the top (a native dialog): Escape closes, and it opens whenever
 * `open` turns true. Hydration never undoes a tap (decision 0060): the drawer starts as the disclosure stood
 * (opened or closed by the visitor before the scripts ran), and the toggle keeps the place it had then. Each remove button is a POST form to /winkelwagen, through a fetcher once hydrated; a removal
 * the upstream refuses is said in its round's row at once, as a refused add or cancel is said beside its form.
 */
import { ShoppingBasket } from "~/components/ui/icons";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { ReactNode, Ref } from "react";
import { Form, href, Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { IdempotencyField } from "~/components/forms";
import { CancelRegistration } from "~/components/registration/cancel-registration";
import { EnhancedField } from "~/components/registration/enhanced";
import { ErrorAlert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import { CART, WAITLIST } from "~/messages";
import { CART_OPEN_PARAM, type CartView } from "~/registration/cart";
import type { CartActionData, CartRound } from "~/registration/rounds";

export interface CartProps {
  cart: CartView;
  /** Render the panel open (after adding a workshop, or `?inschrijving=open`); with JavaScript, opens the drawer when it turns true. */
  open?: boolean;
  className?: string;
}

export function Cart({ cart, open = false, className }: CartProps) {
  const hydrated = useHydrated();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [isOpen, setOpen] = useState(open);
  // Opens whenever `open` turns true (a new add), without closing it when `open` turns false again.
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setOpen(true);
  }
  // The disclosure as it stands when the scripts take over, and whether it stood open: then the toggle keeps the
  // line of its own the open panel gave it, rather than jump back beside what precedes it.
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [openAtHydration, setOpenAtHydration] = useState(false);
  useLayoutEffect(() => {
    // Rendered after a client-side navigation, there was no disclosure: `open` decides.
    if (!disclosure.current) return;
    const stood = disclosure.current.open;
    setOpenAtHydration(stood);
    setOpen(stood);
  }, []);

  const toggleContent = <ToggleLabel count={cart.count} />;
  const toggleClass = cn(
    buttonVariants({ variant: "outline" }),
    "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
  );

  if (!hydrated) {
    return (
      <details
        ref={disclosure}
        open={open}
        // A tap between hydration and the drawer taking over.
        onToggle={(event) => setOpen(event.currentTarget.open)}
        // Alone on its line (a narrow screen, or open), at the end of it, as the drawer's toggle is.
        className={cn("group ml-auto flex flex-col items-end", className)}
      >
        {/* No role of its own: HTML allows none on a details' summary, and browsers already expose it as a
            button that says whether it is expanded. */}
        <summary className={cn(toggleClass, "ml-auto w-fit")}>
          {toggleContent}
        </summary>
        <section
          aria-labelledby={titleId}
          className="mt-3 rounded-lg border border-gray-200 bg-white p-6 shadow-md dark:border-gray-700 dark:bg-gray-900"
        >
          <h2 id={titleId} className="text-xl font-bold">
            {CART.title}
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {CART.hint}
          </p>
          <CartBody cart={cart} />
        </section>
      </details>
    );
  }

  return (
    <div
      className={cn(
        "ml-auto flex justify-end",
        openAtHydration && "basis-full",
        className,
      )}
    >
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogTrigger className={buttonVariants({ variant: "outline" })}>
          {toggleContent}
        </DialogTrigger>
        <DialogContent
          side="top"
          className="mx-auto w-full max-w-3xl"
          // Focus starts on the title, never on the first control: after 'Toevoegen' that is the '×' of what was
          // just added, and a second Enter would remove it again.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            title.current?.focus();
          }}
        >
          <DialogTitle ref={title} tabIndex={-1} className="outline-none">
            {CART.title}
          </DialogTitle>
          <DialogDescription>{CART.hint}</DialogDescription>
          <CartBody cart={cart} onNavigate={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * 'Inschrijving (1)' as it reads, parentheses and all: the visible text is the accessible name (WCAG 2.5.3, label
 * in name), so a speech-input user can say what they see.
 */
function ToggleLabel({ count }: { count: number }) {
  return (
    <>
      <ShoppingBasket aria-hidden="true" />
      <span className="tabular-nums">{CART.toggle(count)}</span>
    </>
  );
}

function CartBody({
  cart,
  onNavigate,
}: {
  cart: CartView;
  /** In the drawer: what a link does before it navigates (the drawer closes). Without it, the disclosure's body. */
  onNavigate?: () => void;
}) {
  const live = onNavigate !== undefined;
  return (
    <div className="flex flex-col gap-4">
      <ul className="mt-2 flex flex-col divide-y divide-gray-200 dark:divide-gray-700">
        {cart.rounds.map((round) =>
          live ? (
            <CartRoundRow
              key={round.number}
              round={round}
              onNavigate={onNavigate}
            />
          ) : (
            <PlainCartRoundRow key={round.number} round={round} />
          ),
        )}
      </ul>
      <p className="text-sm">{CART.count(cart.count)}</p>
      {cart.heldUntil ? (
        <p className="text-sm">
          {cart.count > 0
            ? CART.heldUntil(cart.heldUntil)
            : CART.waitlistHeldUntil(cart.heldUntil, cart.waitlistPlaces)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={href("/inschrijving-afronden")}
          className={buttonVariants()}
          onClick={onNavigate}
        >
          {cart.created ? CART.change : CART.finish}
        </Link>{" "}
        {cart.created ? <CancelRegistration /> : null}
      </div>
    </div>
  );
}

/** The current page without the open flag: the action adds it back for the no-JavaScript return. */
function useReturnTo(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(CART_OPEN_PARAM.name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/**
 * A round in the disclosure, before the scripts run: its remove button is a plain form. No fetcher: the disclosure
 * goes as the page hydrates, and a fetcher going with it makes React Router re-render the whole page.
 */
function PlainCartRoundRow({ round }: { round: CartRound }) {
  const returnTo = useReturnTo();
  return (
    <RoundRow
      round={round}
      workshop={round.workshop}
      removeForm={(workshop) => (
        <Form method="post" action={href("/winkelwagen")} reloadDocument>
          <RemoveFields
            round={round}
            workshop={workshop}
            returnTo={returnTo}
            live={false}
            busy={false}
          />
        </Form>
      )}
    />
  );
}

/** A round in the drawer: its removal goes through a fetcher, the round empty from the moment it is sent. */
function CartRoundRow({
  round,
  onNavigate,
}: {
  round: CartRound;
  onNavigate: () => void;
}) {
  const fetcher = useFetcher<CartActionData>();
  const returnTo = useReturnTo();
  const chooseLink = useRef<HTMLAnchorElement>(null);
  const removedByKeyboardOrPointer = useRef(false);
  // A refusal is shown from the answer on (while the page's data is read again), until the next attempt.
  const error =
    fetcher.state !== "submitting" && fetcher.data && "error" in fetcher.data
      ? fetcher.data.error
      : undefined;
  const removing =
    error === undefined &&
    fetcher.formData?.get("round") === String(round.number);
  // Optimistic: the round shows empty from the moment its removal is sent.
  const workshop = removing ? null : round.workshop;

  // The remove button disappears with the workshop; focus moves to what takes its place.
  useEffect(() => {
    if (workshop === null && removedByKeyboardOrPointer.current) {
      removedByKeyboardOrPointer.current = false;
      chooseLink.current?.focus();
    }
  }, [workshop]);

  return (
    <RoundRow
      round={round}
      workshop={workshop}
      error={error}
      chooseLink={chooseLink}
      onNavigate={onNavigate}
      removeForm={(shown) => (
        <fetcher.Form
          method="post"
          action={href("/winkelwagen")}
          onSubmit={() => {
            removedByKeyboardOrPointer.current = true;
          }}
        >
          <RemoveFields
            round={round}
            workshop={shown}
            returnTo={returnTo}
            live
            busy={fetcher.state !== "idle"}
          />
        </fetcher.Form>
      )}
    />
  );
}

/** What the remove form sends, and its '×'. */
function RemoveFields({
  round,
  workshop,
  returnTo,
  live,
  busy,
}: {
  round: CartRound;
  workshop: NonNullable<CartRound["workshop"]>;
  returnTo: string;
  /** Sent by a fetcher: the action answers with data, not a redirect. */
  live: boolean;
  busy: boolean;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="round" value={round.number} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {live ? <EnhancedField /> : null}
      <IdempotencyField />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={CART.remove(workshop.display)}
        title={CART.remove(workshop.display)}
        disabled={busy}
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ×
        </span>
      </Button>
    </>
  );
}

function RoundRow({
  round,
  workshop,
  removeForm,
  error,
  chooseLink,
  onNavigate,
}: {
  round: CartRound;
  /** The round's workshop as shown: none while its removal is under way. */
  workshop: CartRound["workshop"];
  removeForm: (workshop: NonNullable<CartRound["workshop"]>) => ReactNode;
  error?: string;
  chooseLink?: Ref<HTMLAnchorElement>;
  onNavigate?: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex flex-col">
        <span className="font-semibold">{CART.round(round.number)}</span>{" "}
        <span className="text-sm text-gray-700 dark:text-gray-300">
          {round.startTime} – {round.endTime}
        </span>
      </div>
      <div className="flex flex-col items-end gap-1">
        {workshop ? (
          <div className="flex items-center gap-2">
            <Link
              to={href("/workshop/:slug", { slug: workshop.slug })}
              className="text-primary-800 dark:text-primary-200 underline underline-offset-4 hover:no-underline"
              onClick={onNavigate}
            >
              {workshop.display}
            </Link>
            {removeForm(workshop)}
          </div>
        ) : (
          <Link
            ref={chooseLink}
            to={href("/workshops")}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            onClick={onNavigate}
          >
            {CART.chooseWorkshop}
          </Link>
        )}
        {round.waitlist ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {WAITLIST.line(
              round.waitlist.workshop.display,
              round.waitlist.position,
            )}
          </p>
        ) : null}
      </div>
      {error ? (
        <div className="basis-full">
          <ErrorAlert message={error} />
        </div>
      ) : null}
    </li>
  );
}
