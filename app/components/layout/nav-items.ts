import { href } from "react-router";
import { cva } from "class-variance-authority";
import { LAYOUT } from "~/messages";

/**
 * The main navigation, shared by the top tabs and the bottom tab bar (spec "Layout"). An item is active on its
 * own path, or on any path it lists in `activeOn` (a trailing `/*` matches everything below it).
 */
export interface NavItem {
  label: string;
  to: string;
  activeOn?: string[];
}

export const INFORMATIE: NavItem = { label: LAYOUT.nav.home, to: href("/") };
/** Active on the four screens of the registration flow. */
export const INSCHRIJVEN: NavItem = {
  label: LAYOUT.nav.register,
  to: href("/inschrijven"),
  activeOn: [href("/workshops"), "/workshop/*", href("/inschrijving-afronden")],
};
export const CONTACT: NavItem = {
  label: LAYOUT.nav.contact,
  to: href("/contact"),
};

/** The items to show: Inschrijven only once an orientation day is chosen. */
export function navItems(dayChosen: boolean): NavItem[] {
  return dayChosen ? [INFORMATIE, INSCHRIJVEN, CONTACT] : [INFORMATIE, CONTACT];
}

function matches(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (pattern.endsWith("/*")) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

export function isActive(item: NavItem, pathname: string): boolean {
  return (
    matches(item.to, pathname) ||
    (item.activeOn ?? []).some((pattern) => matches(pattern, pathname))
  );
}

/** The look of a navigation link: a tab in the top bar, or a pill in the floating bottom bar. */
export const navLink = cva(
  "focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 items-center text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none",
  {
    variants: {
      place: {
        top: "inline-flex h-10 rounded-md px-4 dark:focus-visible:ring-offset-gray-950",
        bottom:
          "flex h-11 justify-center rounded-full px-2 dark:focus-visible:ring-offset-gray-900",
      },
      active: {
        true: "bg-primary-700 text-white",
        false:
          "hover:bg-primary-50 hover:text-primary-800 dark:hover:text-primary-200 text-gray-800 dark:text-gray-200 dark:hover:bg-gray-800",
      },
    },
  },
);
