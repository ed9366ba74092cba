/**
 * Dialog and top drawer (shadcn shape) on the browser's own `<dialog>`, opened with `showModal()`: the browser puts
 * it above everything, makes the rest of the page inert and turns Escape (and Android's back gesture) into a
 * `cancel` event. This file adds what Radix Dialog did before it (decision 0066): focus starts inside and returns to
 * the trigger, a click on the backdrop closes, and the page behind does not scroll (app.css). A dialog needs
 * JavaScript: every use has a no-JavaScript path of its own (a page, a `<details>`), rendered until the page is
 * hydrated.
 */
import { cva, type VariantProps } from "class-variance-authority";
import {
  createContext,
  use,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type * as React from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import { LAYOUT } from "~/messages";

interface DialogContextValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: React.RefObject<HTMLButtonElement | null>;
  contentId: string;
  titleId: string;
  descriptionId: string;
}

const DialogContext = createContext<DialogContextValue | null>(null);

function useDialog(): DialogContextValue {
  const context = use(DialogContext);
  if (!context) throw new Error("A dialog part is used outside <Dialog>.");
  return context;
}

/** Holds the open state: controlled (`open` with `onOpenChange`) or its own (`defaultOpen`). */
export function Dialog({
  open: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = controlledOpen ?? ownOpen;
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <DialogContext
      value={{
        open,
        setOpen,
        trigger,
        contentId: `${id}-content`,
        titleId: `${id}-title`,
        descriptionId: `${id}-description`,
      }}
    >
      {children}
    </DialogContext>
  );
}

/** The button that opens the dialog, and where focus returns when it closes. */
export function DialogTrigger({
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "ref">) {
  const { open, setOpen, trigger, contentId } = useDialog();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      // Only while the dialog is there to point at.
      aria-controls={open ? contentId : undefined}
      {...props}
      ref={trigger}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(!open);
      }}
    />
  );
}

/** A button that closes the dialog (the owner may refuse, as `onOpenChange` decides). */
export function DialogClose({
  onClick,
  ...props
}: React.ComponentProps<"button">) {
  const { setOpen } = useDialog();
  return (
    <button
      type="button"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
    />
  );
}

const contentVariants = cva(
  // `inset-auto max-h-none max-w-none overflow-visible` undo the browser's own dialog box (Tailwind's preflight
  // already drops its margin, border and padding), so the classes place it as they would a <div>.
  // `not-open:hidden`: `flex` is an author style and would beat the browser's `display: none` for a closed dialog.
  // The backdrop's colour is written out: before Chrome 122 a ::backdrop inherits no custom property (--color-black).
  "fixed inset-auto z-50 flex max-h-none max-w-none flex-col gap-4 overflow-visible bg-white p-6 text-gray-900 shadow-xl not-open:hidden backdrop:bg-[rgb(0_0_0/0.6)] backdrop:animate-[fade-in_150ms_ease-out] focus:outline-none motion-reduce:animate-none motion-reduce:backdrop:animate-none dark:bg-gray-900 dark:text-gray-100",
  {
    variants: {
      side: {
        /** A centred dialog. */
        center:
          "top-1/2 left-1/2 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg",
        /** A drawer that comes down from the top (the cart). */
        top: "inset-x-0 top-0 max-h-[90dvh] w-full animate-[drawer-down_200ms_ease-out] overflow-y-auto rounded-b-lg",
      },
    },
    defaultVariants: { side: "center" },
  },
);

/** Whether a pointer event on the dialog fell on its backdrop: the dialog itself is the target, outside its box. */
function onBackdrop(event: React.PointerEvent | React.MouseEvent): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

export type DialogContentProps = Omit<React.ComponentProps<"dialog">, "ref"> &
  VariantProps<typeof contentVariants> & {
    closeLabel?: string;
    /**
     * Called once the dialog has opened and the browser has put focus inside (on the first focusable element);
     * `event.preventDefault()` says the handler moved focus itself.
     */
    onOpenAutoFocus?: (event: Event) => void;
  };

/**
 * The dialog itself, rendered into <body> (no styles inherited from where it is used, no form around it) and only
 * while open: a closed dialog's content is not in the page, and each opening starts afresh. Nothing on the server.
 */
export function DialogContent(props: DialogContentProps) {
  const { open } = useDialog();
  const hydrated = useHydrated();
  if (!open || !hydrated) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  className,
  children,
  side,
  closeLabel = LAYOUT.close,
  onOpenAutoFocus,
  ...props
}: DialogContentProps) {
  const { setOpen, trigger, contentId, titleId, descriptionId } = useDialog();
  const dialog = useRef<HTMLDialogElement>(null);
  // Set while this code closes the dialog, so its own `close` event is not taken for the browser's.
  const closing = useRef(false);
  const pressedBackdrop = useRef(false);
  const [reopenings, setReopenings] = useState(0);

  const focusInside = useEffectEvent(() => {
    const event = new Event("dialog.openAutoFocus", { cancelable: true });
    onOpenAutoFocus?.(event);
  });
  const returnFocus = useEffectEvent(() => {
    // Closing gave focus back to what had it before opening; the trigger takes it even when something else opened
    // the dialog (the cart after an add), as before.
    if (trigger.current?.isConnected) trigger.current.focus();
  });

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    closing.current = false;
    element.showModal();
    focusInside();
    return () => {
      closing.current = true;
      element.close();
      returnFocus();
    };
  }, []);

  // The browser closed the dialog although the owner kept it open (see onClose): open it again.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (reopenings > 0 && element && !element.open) element.showModal();
  }, [reopenings]);

  return (
    // The backdrop click is the pointer's way to close; Escape (the cancel event) is the keyboard's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id={contentId}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(contentVariants({ side }), className)}
      {...props}
      ref={dialog}
      onCancel={(event) => {
        // React passes events of a nested dialog (the cancel question inside the cart) up its own tree.
        if (event.target !== event.currentTarget) return;
        // The owner decides: `onOpenChange` may keep it open (a deletion under way).
        event.preventDefault();
        setOpen(false);
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget || closing.current) return;
        // A close the page could not refuse: the browser skips `cancel` for a second Escape without a tap or key
        // in between. Tell the owner; if it keeps the dialog open, this component stays and opens it again.
        setOpen(false);
        setReopenings((count) => count + 1);
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = onBackdrop(event);
      }}
      onClick={(event) => {
        // Pressed and released on the backdrop: a drag that starts inside (selecting text) does not close.
        if (pressedBackdrop.current && onBackdrop(event)) setOpen(false);
        pressedBackdrop.current = false;
      }}
    >
      {children}
      <DialogClose className="focus-visible:ring-primary-700 absolute top-4 right-4 rounded-md p-1 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-gray-800">
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">{closeLabel}</span>
      </DialogClose>
    </dialog>
  );
}

export function DialogTitle({
  className,
  children,
  ...props
}: React.ComponentProps<"h2">) {
  const { titleId } = useDialog();
  return (
    <h2
      id={titleId}
      className={cn("pr-8 text-xl font-bold", className)}
      {...props}
    >
      {children}
    </h2>
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<"p">) {
  const { descriptionId } = useDialog();
  return (
    <p
      id={descriptionId}
      className={cn("text-sm text-gray-700 dark:text-gray-300", className)}
      {...props}
    />
  );
}
