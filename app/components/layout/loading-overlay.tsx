import { useNavigation } from "react-router";

/**
 * Full-screen overlay with a spinner while a navigation or form submission is pending (spec: stroke width 5,
 * one turn per 0.6 s). It exists only with JavaScript: without it the browser shows its own progress.
 * It fades in after a short delay so that fast navigations do not flash; with reduced motion it does not spin.
 */
export function LoadingOverlay() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="status"
      aria-busy="true"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/70 opacity-100 transition-opacity delay-200 duration-150 dark:bg-gray-950/70 starting:opacity-0"
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
        Laden…
      </span>
    </div>
  );
}
