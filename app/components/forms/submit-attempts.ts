import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/*
 * Attempts to send a form, counted per page (React Router's location key, kept in history.state) and form id,
 * by a listener that is in place before the page hydrates: a student who presses 'Versturen' while the scripts
 * are still starting is counted too (React replays that click to the form's handlers after hydration, but a
 * listener added by an effect would never see it).
 */
const submitAttempts = new Map<string, number>();
const attemptListeners = new Set<() => void>();
const attemptKey = (locationKey: string, formId: string) =>
  `${locationKey}\n${formId}`;
if (typeof document !== "undefined") {
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.id) return;
      // Conform checks a field on blur through a submit of its own, by a button named "__intent__".
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      const state: unknown = window.history.state;
      const locationKey =
        typeof state === "object" &&
        state !== null &&
        "key" in state &&
        typeof state.key === "string"
          ? state.key
          : "default";
      const key = attemptKey(locationKey, form.id);
      submitAttempts.set(key, (submitAttempts.get(key) ?? 0) + 1);
      for (const listener of attemptListeners) listener();
    },
    true,
  );
}

function subscribeToAttempts(listener: () => void): () => void {
  attemptListeners.add(listener);
  return () => attemptListeners.delete(listener);
}

/** How often the form was sent, or an attempt refused in the browser, on this page (this history entry). */
function useSubmitAttempts(formId: string): number {
  const { key } = useLocation();
  return useSyncExternalStore(
    subscribeToAttempts,
    () => submitAttempts.get(attemptKey(key, formId)) ?? 0,
    () => 0,
  );
}

/**
 * After every failed attempt to send (the first, the second, one pressed while the page was still hydrating), focus
 * goes to what is wrong: the element `targetId` names. Conform moves focus to the first invalid field itself, but
 * not in every case (a submit React replays after hydration, a server's refusal of a form the browser let through);
 * whenever focus is still on the form's submit button, or nowhere, once the errors show, it moves here. Focus
 * anywhere else is the visitor's own and stays. Without JavaScript the server renders the same place with
 * `autofocus`.
 */
export function useFocusOnErrors(
  formId: string,
  targetId: string | undefined,
): number {
  const attempts = useSubmitAttempts(formId);
  useEffect(() => {
    if (attempts === 0 || !targetId) return;
    const active = document.activeElement;
    const stuck =
      active === null ||
      active === document.body ||
      ((active instanceof HTMLButtonElement ||
        active instanceof HTMLInputElement) &&
        active.type === "submit" &&
        active.form?.id === formId);
    if (stuck) document.getElementById(targetId)?.focus();
  }, [attempts, targetId, formId]);
  return attempts;
}
