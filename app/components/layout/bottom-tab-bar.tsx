import { useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { isActive, type NavItem } from "./nav-items";

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
      aria-label="Hoofdmenu"
      className="fixed inset-x-4 bottom-4 z-40 rounded-full border border-gray-200 bg-white/95 p-1.5 shadow-lg backdrop-blur md:hidden dark:border-gray-700 dark:bg-gray-900/95"
    >
      <ul className="flex items-center justify-around gap-1">
        {items.map((item) => {
          const active = isActive(item, pathname) && !deselected;
          return (
            <li key={item.to} className="flex-1">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                onClick={(event) => {
                  if (!active) return;
                  event.preventDefault();
                  setDeselectedOn(pathname);
                }}
                className={cn(
                  "focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex h-11 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-gray-900",
                  active
                    ? "bg-primary-700 text-white"
                    : "hover:bg-primary-50 hover:text-primary-800 dark:hover:text-primary-200 text-gray-800 dark:text-gray-200 dark:hover:bg-gray-800",
                )}
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
