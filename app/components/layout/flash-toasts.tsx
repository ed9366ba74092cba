import {
  CircleCheck,
  CircleX,
  Info,
  TriangleAlert,
} from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Toaster, toast } from "sonner";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { LAYOUT } from "~/messages";
import type { Toast, ToastKind } from "~/messages";
import { cn } from "~/lib/utils";

export type FlashToast = Toast & {
  /** Unique per flash, so a toast is shown once even when an effect runs twice. */
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

function ToastIcon({ kind }: { kind: ToastKind }) {
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden="true"
      className={cn("size-5 shrink-0", ICON_COLOURS[kind])}
    />
  );
}

/** Problems interrupt (alert); confirmations wait their turn (status). */
function roleOf(kind: ToastKind) {
  return kind === "warning" || kind === "error" ? "alert" : "status";
}

/**
 * Flash messages, top-right and at most the viewport width minus 40 px. The server renders them in live regions
 * so they are seen without JavaScript; once hydrated, Sonner takes them over with their lifetimes, and the
 * server-rendered copies are removed so that each message shows once.
 */
export function FlashToasts({ toasts }: { toasts: FlashToast[] }) {
  const hydrated = useHydrated();

  useEffect(() => {
    for (const item of toasts) {
      if (item.presentation === "dialog") continue;
      toast[item.kind](item.message, {
        id: item.id,
        duration: item.durationMs,
      });
    }
  }, [toasts]);

  return (
    <>
      <Toaster
        position="top-right"
        theme="system"
        containerAriaLabel={LAYOUT.notifications}
        offset={20}
        mobileOffset={20}
        style={
          { "--width": "min(356px, calc(100vw - 40px))" } as React.CSSProperties
        }
        icons={{
          success: <ToastIcon kind="success" />,
          info: <ToastIcon kind="info" />,
          warning: <ToastIcon kind="warning" />,
          error: <ToastIcon kind="error" />,
        }}
        toastOptions={{
          classNames: {
            toast: "!text-sm !text-gray-900 dark:!text-gray-100 !gap-3",
          },
        }}
      />
      {hydrated ? (
        <FlashDialog
          toast={toasts.find((item) => item.presentation === "dialog")}
        />
      ) : null}
      {hydrated || toasts.length === 0 ? null : (
        <div className="pointer-events-none fixed top-5 right-5 z-50 flex w-[min(356px,calc(100vw-40px))] flex-col gap-2">
          {toasts.map((item) => (
            <div
              key={item.id}
              role={roleOf(item.kind)}
              // Without JavaScript this animation (app.css) ends each server-rendered toast after its lifetime.
              style={{
                animation: `flash-toast-expire 300ms ease-in ${item.durationMs}ms forwards`,
              }}
              className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            >
              <ToastIcon kind={item.kind} />
              <p>{item.message}</p>
            </div>
          ))}
        </div>
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
          <DialogTitle className="pr-0">{item.message}</DialogTitle>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
