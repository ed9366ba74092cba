/**
 * The main navigation, shared by the top tabs and the bottom tab bar (spec "Layout"). An item is active on its
 * own path, or on any path it lists in `activeOn` (a trailing `/*` matches everything below it).
 */
export interface NavItem {
  label: string;
  to: string;
  activeOn?: string[];
}

export const INFORMATIE: NavItem = { label: "Informatie", to: "/" };
/** Active on the four screens of the registration flow. */
export const INSCHRIJVEN: NavItem = {
  label: "Inschrijven",
  to: "/inschrijven",
  activeOn: ["/workshops", "/workshop/*", "/inschrijving-afronden"],
};
export const CONTACT: NavItem = { label: "Contact", to: "/contact" };

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
