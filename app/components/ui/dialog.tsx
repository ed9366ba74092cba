/**
 * Dialog and top drawer (shadcn shape on Radix Dialog): focus is trapped inside, Escape and the overlay close it,
 * focus returns to the trigger. Radix needs JavaScript: every use has a no-JavaScript path of its own (a page,
 * a `<details>`), rendered until the page is hydrated.
 */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "~/components/ui/icons";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { LAYOUT } from "~/messages";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-[fade-in_150ms_ease-out] motion-reduce:animate-none",
        className,
      )}
      {...props}
    />
  );
}

const contentVariants = cva(
  "fixed z-50 flex flex-col gap-4 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:bg-gray-900 dark:text-gray-100 motion-reduce:transition-none",
  {
    variants: {
      side: {
        /** A centred dialog. */
        center:
          "top-1/2 left-1/2 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg",
        /** A drawer that comes down from the top (the cart). */
        top: "inset-x-0 top-0 max-h-[90dvh] overflow-y-auto rounded-b-lg data-[state=open]:animate-[drawer-down_200ms_ease-out]",
      },
    },
    defaultVariants: { side: "center" },
  },
);

export function DialogContent({
  className,
  children,
  side,
  closeLabel = LAYOUT.close,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof contentVariants> & { closeLabel?: string }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(contentVariants({ side }), className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="focus-visible:ring-primary-700 absolute top-4 right-4 rounded-md p-1 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-gray-800">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("pr-8 text-xl font-bold", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-gray-700 dark:text-gray-300", className)}
      {...props}
    />
  );
}
