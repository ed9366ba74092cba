/**
 * The shape of a toast, once: the schema the session checks a toast cookie against, and the type derived from it
 * that the messages, the session and the toaster use. Only the server builds the schema; the rest import the type.
 */
import { z } from "zod";

export const ToastSchema = z.object({
  kind: z.enum(["success", "info", "warning", "error"]),
  message: z.string(),
  durationMs: z.number().int().positive(),
  /** "dialog": a short modal confirmation with JavaScript (spec "Submit"); a status message without. */
  presentation: z.literal("dialog").optional(),
});

/** A message shown once on the next page (flash), with its kind and lifetime. */
export type Toast = z.infer<typeof ToastSchema>;

export type ToastKind = Toast["kind"];
