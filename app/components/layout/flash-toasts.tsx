import {
  CircleCheck,
  CircleX,
  Info,
  TriangleAlert,
} from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { LAYOUT } from "~/messages";
import type { Toast, ToastKind } from "~/messages";
import { cn } from "~/lib/utils";

export type FlashToast = Toast & {
  /** Unique per flash: the key that keeps a toast the same element from the server's HTML to its end. */
  id: string;
};

const ICONS = {
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: CircleX,
} satisfies Record<ToastKind, unknown>;

const ICON_COLOURS: Record<ToastKind, string> = {
  success: "text-green-700 dark:text-green-400",
  info: "text-primary-700 dark:text-primary-300",
  warning: "text-amber-700 dark:text-amber-400",
  error: "text-red-700 dark:text-red-400",
};

function ToastIcon({
  kind,
  className,
}: {
  kind: ToastKind;
  className?: string;
}) {
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden="true"
      className={cn("size-5 shrink-0", ICON_COLOURS[kind], className)}
    />
  );
}

/** Problems interrupt (alert); confirmations wait their turn (status). */
function roleOf(kind: ToastKind) {
  return kind === "warning" || kind === "error" ? "alert" : "status";
}

/** Ends each toast after its lifetime, with or without JavaScript (app.css). */
const EXPIRE_ANIMATION = "flash-toast-expire";

function hasExpired(element: HTMLElement): boolean {
  // Browsers without getAnimations (before 2020) keep such a toast, hidden, until the next full page.
  return (element.getAnimations?.() ?? []).some(
    (animation) =>
      (animation as CSSAnimation).animationName === EXPIRE_ANIMATION &&
      animation.playState === "finished",
  );
}

/**
 * Flash messages, top-right and at most the viewport width minus 40 px, in live regions. The server renders them
 * and hydration keeps that very markup, so a message is seen without JavaScript, is not drawn or announced again
 * when the scripts arrive, and ends after its lifetime by a CSS animation either way. With JavaScript a toast is
 * also taken out of the page once that animation ends, and toasts flashed for a later page (a client-side
 * navigation) join those still showing. Clicks pass through them to the page underneath, so none needs closing.
 */
export function FlashToasts({ toasts }: { toasts: FlashToast[] }) {
  const hydrated = useHydrated();
  // A toast outlives the loader data it came with: the next navigation brings other toasts, or none.
  const [shown, setShown] = useState(toasts);
  const [received, setReceived] = useState(toasts);
  if (toasts !== received) {
    setReceived(toasts);
    const added = toasts.filter(
      (item) =>
        !shown.some((showing) => showing.id === item.id) &&
        !(hydrated && item.presentation === "dialog"),
    );
    if (added.length > 0) setShown([...shown, ...added]);
  }
  const remove = (id: string) =>
    setShown((current) => current.filter((showing) => showing.id !== id));
  // A dialog's message is one of these toasts only until the dialog can open.
  const listed = hydrated
    ? shown.filter((item) => item.presentation !== "dialog")
    : shown;

  return (
    <>
      {hydrated ? (
        <FlashDialog
          toast={toasts.find((item) => item.presentation === "dialog")}
        />
      ) : null}
      {listed.length === 0 ? null : (
        // Above dialogs and the loading overlay (z-50): a message flashed meanwhile is not dimmed behind them.
        <section
          aria-label={LAYOUT.notifications}
          className="pointer-events-none fixed top-5 right-5 z-[60] flex w-[min(356px,calc(100vw-40px))] flex-col gap-2"
        >
          {listed.map((item) => (
            <div
              key={item.id}
              role={roleOf(item.kind)}
              style={{
                animation: `${EXPIRE_ANIMATION} 300ms ease-in ${item.durationMs}ms forwards`,
              }}
              // Hidden is not gone: screen readers could still reach it, and it keeps its room above newer toasts.
              onAnimationEnd={(event) => {
                if (event.animationName === EXPIRE_ANIMATION) remove(item.id);
              }}
              ref={(element) => {
                // Ended before the scripts arrived (a slow phone): no animationend is coming for it.
                if (element && hasExpired(element)) remove(item.id);
              }}
              // The look the toasts had once hydrated (Sonner's, with the site's text): black in dark mode.
              className="flex items-center gap-3 rounded-lg border border-[#ededed] bg-white p-4 text-sm wrap-anywhere text-gray-900 shadow-[0_4px_12px_rgb(0_0_0/0.1)] dark:border-[#333] dark:bg-black dark:text-gray-100"
            >
              {/* Where Sonner drew it: 1 px left of its 16 px box, set 3 px into the padding. */}
              <ToastIcon kind={item.kind} className="mr-px -ml-1" />
              <p className="leading-normal font-medium">{item.message}</p>
            </div>
          ))}
        </section>
      )}
    </>
  );
}

/**
 * A confirmation that deserves the whole screen for a moment (spec "Submit": the success dialog closes itself
 * after 3 s). Without JavaScript the same message is one of the server-rendered status messages.
 */
function FlashDialog({ toast: item }: { toast: FlashToast | undefined }) {
  const [closed, setClosed] = useState<string | null>(null);
  const open = item !== undefined && closed !== item.id;

  useEffect(() => {
    if (!item) return;
    const timer = window.setTimeout(() => setClosed(item.id), item.durationMs);
    return () => window.clearTimeout(timer);
  }, [item]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && item) setClosed(item.id);
      }}
    >
      {item ? (
        // The title says it all; there is no description to point at.
        <DialogContent
          aria-describedby={undefined}
          className="items-center text-center"
        >
          <ToastIcon kind={item.kind} />
          {/* Centred under the icon, so without the room DialogTitle keeps for the close button (which sits
              above it here); important, as cn() no longer drops DialogTitle's own right padding. */}
          <DialogTitle className="pr-0!">{item.message}</DialogTitle>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
