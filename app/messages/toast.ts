/**
 * The shape of a toast: a message shown once on the next page (flash), with its kind and lifetime. Beside the texts
 * that fill it; the session checks a toast cookie against a schema of this shape (session.server.ts).
 */
export type ToastKind = "success" | "info" | "warning" | "error";

export interface Toast {
  kind: ToastKind;
  message: string;
  durationMs: number;
  /** "dialog": a short modal confirmation with JavaScript (spec "Submit"); a status message without. */
  presentation?: "dialog";
}
