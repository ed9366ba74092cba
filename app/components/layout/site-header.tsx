import { href, Link, useLocation } from "react-router";
import type { Settings } from "#contract";
import { LogoutButton } from "./logout-button";
import { isActive, navLink, type NavItem } from "./nav-items";
import { LAYOUT } from "~/messages";

/**
 * Sticky top bar: the site logo (home link), the tabs from 768 px up, and the logout button. The logo is drawn
 * tall enough for the name inside it to be read; without a logo the site's name stands there as text.
 */
export function SiteHeader({
  settings,
  siteName,
  items,
  showLogout,
}: {
  settings: Settings | null;
  /** The settings' name, or one made from the host when the upstream cannot say. */
  siteName: string;
  items: NavItem[];
  showLogout: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
      <div className="mx-auto flex h-18 max-w-6xl items-center gap-4 px-4 sm:h-20">
        <Link
          to={href("/")}
          className="focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex shrink-0 items-center rounded focus-visible:ring-2 focus-visible:outline-none"
        >
          {settings?.logo ? (
            <img
              src={settings.logo}
              alt={siteName}
              className="h-14 w-auto max-w-[min(16rem,60vw)] object-contain sm:h-16 sm:max-w-72 dark:rounded-md dark:bg-gray-100 dark:px-1"
            />
          ) : (
            <span className="text-primary-800 dark:text-primary-200 text-lg font-bold">
              {siteName}
            </span>
          )}
        </Link>
        <nav aria-label={LAYOUT.mainMenu} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={navLink({ place: "top", active })}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {showLogout ? <LogoutButton className="ml-auto md:ml-0" /> : null}
      </div>
    </header>
  );
}
