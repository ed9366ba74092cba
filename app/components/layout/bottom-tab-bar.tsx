import { useState } from "react";
import { Link, useLocation } from "react-router";
import { isActive, navLink, type NavItem } from "./nav-items";
import { LAYOUT } from "~/messages";

/**
 * The floating tab bar under 768 px (spec "Layout"). Tapping the active item deselects it without navigating;
 * that needs JavaScript, so without it the link simply reloads the current page.
 */
export function BottomTabBar({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  // The path on which the visitor deselected the active item; a navigation elsewhere ends it.
  const [deselectedOn, setDeselectedOn] = useState<string | null>(null);
  const deselected = deselectedOn === pathname;

  return (
    <nav
      aria-label={LAYOUT.mainMenu}
      // Under 360 px closer to the edges, so three items fit a 320 px screen (WCAG 2.2 SC 1.4.10).
      className="fixed inset-x-2 bottom-4 z-40 rounded-full border border-gray-200 bg-white/95 p-1.5 shadow-lg backdrop-blur min-[360px]:inset-x-4 md:hidden dark:border-gray-700 dark:bg-gray-900/95"
    >
      <ul className="flex items-center justify-around gap-1">
        {items.map((item) => {
          const active = isActive(item, pathname) && !deselected;
          return (
            <li key={item.to} className="min-w-0 flex-1">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                onClick={(event) => {
                  if (!active) return;
                  event.preventDefault();
                  setDeselectedOn(pathname);
                }}
                className={navLink({ place: "bottom", active })}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
