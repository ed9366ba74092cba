/**
 * The frame around every page's content: the header with the menu, the footer and the phone's bottom tab bar. The
 * root layout and the 405 page of the resource routes (middleware/methods.server.tsx, rendered outside React
 * Router's document) both use it, so the two cannot drift apart.
 */
import { BottomTabBar } from "~/components/layout/bottom-tab-bar";
import type { NavItem } from "~/components/layout/nav-items";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { LAYOUT } from "~/messages";
import type { Settings } from "#contract";

/** The first stop of the keyboard: straight to the page's content (`#inhoud`). */
export function SkipLink() {
  return (
    <a
      href="#inhoud"
      className="bg-primary-700 focus:ring-primary-700 sr-only rounded-md px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-offset-2 focus:outline-none"
    >
      {LAYOUT.skipLink}
    </a>
  );
}

export function SiteFrame({
  settings,
  siteName,
  items,
  showLogout,
  children,
}: {
  /** Null when the site's settings could not be read: no footer then. */
  settings: Settings | null;
  siteName: string;
  items: NavItem[];
  showLogout: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      <SiteHeader
        settings={settings}
        siteName={siteName}
        items={items}
        showLogout={showLogout}
      />
      <div className="flex-1">{children}</div>
      {settings ? <SiteFooter settings={settings} siteName={siteName} /> : null}
      <BottomTabBar items={items} />
    </>
  );
}
