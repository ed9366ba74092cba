/**
 * The cart (spec "Cart drawer"): the rounds of the day with their chosen workshop. Without JavaScript a
 * <details> that the server renders open after an add (`?inschrijving=open`); with JavaScript a drawer from the
 * top with focus kept inside and Escape closing it. Removing is a POST to /winkelwagen either way.
 */
import { ShoppingBasket, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { CartRound, CartView } from "~/registration/cart";
import { CancelRegistration } from "./cancel-registration";

export interface CartProps {
  cart: CartView;
  /** Render the panel open (after adding a workshop, or `?inschrijving=open`). */
  open?: boolean;
}

/** The query parameter that renders the cart open. */
export const CART_OPEN_PARAM = "inschrijving";

/** The current page with the cart open: where a form without JavaScript returns to. */
function withCartOpen(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(CART_OPEN_PARAM, "open");
  return `${pathname}?${params.toString()}`;
}

function toggleLabel(count: number) {
  return `Inschrijving (${count})`;
}

function ToggleContent({ count }: { count: number }) {
  return (
    <>
      <ShoppingBasket aria-hidden="true" className="size-5" />
      Inschrijving
      <span
        aria-hidden="true"
        className="bg-primary-700 inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold text-white"
      >
        {count}
      </span>
    </>
  );
}

export function Cart({ cart, open = false }: CartProps) {
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(open);
  // Opened by the page (a workshop was just added): follow it, during render rather than in an effect.
  const [pageOpen, setPageOpen] = useState(open);
  if (open !== pageOpen) {
    setPageOpen(open);
    if (open) setDrawerOpen(true);
  }

  if (!hydrated) {
    return (
      <details open={open} className="group relative">
        <summary
          role="button"
          aria-label={toggleLabel(cart.count)}
          className="border-primary-700 text-primary-800 dark:text-primary-200 inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border bg-white px-4 font-semibold dark:bg-gray-900 [&::-webkit-details-marker]:hidden"
        >
          <ToggleContent count={cart.count} />
        </summary>
        <div className="absolute right-0 z-40 mt-2 grid w-[min(28rem,calc(100vw-2rem))] gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-xl dark:border-gray-700 dark:bg-gray-900">
          <h2 className="text-xl font-bold">Inschrijving</h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Kies per ronde één workshop.
          </p>
          <CartContent cart={cart} />
        </div>
      </details>
    );
  }

  return (
    <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={toggleLabel(cart.count)}>
          <ToggleContent count={cart.count} />
        </Button>
      </DialogTrigger>
      <DialogContent side="top" className="mx-auto w-full max-w-xl">
        <DialogTitle>Inschrijving</DialogTitle>
        <DialogDescription>Kies per ronde één workshop.</DialogDescription>
        <CartContent cart={cart} onNavigate={() => setDrawerOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CartContent({
  cart,
  onNavigate,
}: {
  cart: CartView;
  onNavigate?: () => void;
}) {
  return (
    <>
      <ol className="grid gap-3">
        {cart.rounds.map((round) => (
          <li
            key={round.number}
            className="grid gap-1 rounded-md border border-gray-200 p-3 dark:border-gray-700"
          >
            <p className="text-sm text-gray-700 dark:text-gray-300">
              <span className="font-semibold text-gray-900 dark:text-white">
                Ronde {round.number}
              </span>{" "}
              {round.startTime} – {round.endTime}
            </p>
            <CartRoundChoice round={round} onNavigate={onNavigate} />
          </li>
        ))}
      </ol>
      <p>{cart.count} geselecteerde workshop(s).</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild>
          <Link to={href("/inschrijving-afronden")} onClick={onNavigate}>
            {cart.created ? "Inschrijving wijzigen" : "Inschrijving afronden"}
          </Link>
        </Button>
        {cart.created ? <CancelRegistration /> : null}
      </div>
    </>
  );
}

function CartRoundChoice({
  round,
  onNavigate,
}: {
  round: CartRound;
  onNavigate?: () => void;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const removing = fetcher.formData !== undefined;
  const chooseLink = useRef<HTMLAnchorElement>(null);
  // The removed workshop's button is gone: focus moves to what took its place, not to the page's start.
  useEffect(() => {
    if (removing) chooseLink.current?.focus();
  }, [removing]);
  const linkClass =
    "font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-200";

  if (!round.workshop || removing) {
    return (
      <Link
        ref={chooseLink}
        to={href("/workshops")}
        className={linkClass}
        onClick={onNavigate}
      >
        Kies workshop
      </Link>
    );
  }
  return (
    <div className="flex items-center justify-between gap-3">
      <Link
        to={href("/workshop/:slug", { slug: round.workshop.slug })}
        className={linkClass}
        onClick={onNavigate}
      >
        {round.workshop.display}
      </Link>
      <fetcher.Form method="post" action={href("/winkelwagen")}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="round" value={round.number} />
        {hydrated ? null : (
          <input
            type="hidden"
            name="redirectTo"
            value={withCartOpen(location.pathname, location.search)}
          />
        )}
        <button
          type="submit"
          aria-label={`Verwijder ${round.workshop.display}`}
          className="focus-visible:ring-primary-700 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-gray-800"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </fetcher.Form>
    </div>
  );
}
