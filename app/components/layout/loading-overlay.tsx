import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LAYOUT } from "~/messages";

/** Navigations quicker than this show no overlay at all, so they do not flash. */
export const OVERLAY_DELAY_MS = 400;

/** Whether `active` has held for `delayMs` without a break. */
function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}

/**
 * Full-screen overlay with a spinner while a navigation or form submission is pending (spec: stroke width 5,
 * one turn per 0.6 s). It exists only with JavaScript: without it the browser shows its own progress.
 * It appears only once a navigation has taken a moment, as one solid layer (no page text shows through
 * 'Laden…'); with reduced motion it neither fades in nor spins.
 */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const shown = useDelayed(navigation.state !== "idle", OVERLAY_DELAY_MS);
  if (!shown) return null;
  return (
    <div
      role="status"
      aria-busy="true"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white transition-opacity duration-150 motion-reduce:transition-none dark:bg-gray-950 starting:opacity-0"
    >
      <svg
        viewBox="0 0 50 50"
        className="text-primary-700 dark:text-primary-300 size-12 animate-[spin_0.6s_linear_infinite] motion-reduce:animate-none"
        aria-hidden="true"
      >
        <circle
          cx="25"
          cy="25"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="5"
        />
        <circle
          cx="25"
          cy="25"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray="31.4 125.6"
        />
      </svg>
      <span className="text-sm font-semibold text-gray-900 dark:text-gray-100">
        {LAYOUT.loading}
      </span>
    </div>
  );
}
