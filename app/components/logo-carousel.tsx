import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/ui/icons";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import type { SchoolLogo } from "#contract";
import { CAROUSEL } from "~/messages";

export const AUTOPLAY_MS = 5_000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The visitor asked the system for less motion: no autoplay and no smooth scrolling. */
function prefersReducedMotion() {
  return window.matchMedia(REDUCED_MOTION).matches;
}

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    prefersReducedMotion,
    () => false,
  );
}

/**
 * Moves the row one logo forward or back; past the end it starts over. Works on the scroll position, so the
 * CSS scroll-snap row that works without JavaScript is also what JavaScript drives.
 */
function step(list: HTMLElement, direction: 1 | -1) {
  const first = list.firstElementChild;
  if (!first) return;
  const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
  const width = first.getBoundingClientRect().width + gap;
  const behavior: ScrollBehavior = prefersReducedMotion() ? "auto" : "smooth";
  const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 2;
  const atStart = list.scrollLeft <= 2;
  if (direction === 1 && atEnd) list.scrollTo({ left: 0, behavior });
  else if (direction === -1 && atStart)
    list.scrollTo({ left: list.scrollWidth, behavior });
  else list.scrollBy({ left: direction * width, behavior });
}

/**
 * School logos: 3 in view, 2 under 768 px, 1 under 640 px, and a quarter of the next one at the edge, so that the
 * row shows it goes on (without JavaScript it is the only cue that it scrolls). Without JavaScript a row that scrolls sideways;
 * with it, it advances one logo every 5 s, pausing while hovered or focused, and not starting by itself when
 * the visitor prefers reduced motion. A button stops and restarts it (WCAG 2.2.2).
 */
export function LogoCarousel({ logos }: { logos: SchoolLogo[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  // The visitor's own choice (the pause button) wins; until then, play unless they prefer reduced motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // Pause while the pointer is over the logos or keyboard focus is on one of them.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!list.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    list.addEventListener("mouseenter", enter);
    list.addEventListener("mouseleave", leave);
    list.addEventListener("focusin", focusIn);
    list.addEventListener("focusout", focusOut);
    return () => {
      list.removeEventListener("mouseenter", enter);
      list.removeEventListener("mouseleave", leave);
      list.removeEventListener("focusin", focusIn);
      list.removeEventListener("focusout", focusOut);
    };
  }, [logos.length]);

  const running = hydrated && playing && !hovered && !focused;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (listRef.current) step(listRef.current, 1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  if (logos.length === 0) return null;

  return (
    <section
      aria-labelledby="scholen-titel"
      aria-roledescription={CAROUSEL.roleDescription}
      className="flex flex-col gap-4"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="scholen-titel" className="text-xl font-bold">
          {CAROUSEL.title}
        </h2>
        {hydrated ? (
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outlineGrey"
              size="icon"
              aria-label={CAROUSEL.previous}
              onClick={() => listRef.current && step(listRef.current, -1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outlineGrey"
              size="icon"
              aria-label={playing ? CAROUSEL.stop : CAROUSEL.start}
              onClick={() => setChosen(!playing)}
            >
              {playing ? (
                <Pause aria-hidden="true" />
              ) : (
                <Play aria-hidden="true" />
              )}
            </Button>
            <Button
              type="button"
              variant="outlineGrey"
              size="icon"
              aria-label={CAROUSEL.next}
              onClick={() => listRef.current && step(listRef.current, 1)}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      <ul
        ref={listRef}
        className="flex snap-x snap-mandatory [scrollbar-width:thin] gap-4 overflow-x-auto pb-2"
      >
        {logos.map((school) => (
          <li
            key={school.id}
            className="w-[calc((100%-1rem)/1.25)] shrink-0 snap-start sm:w-[calc((100%-2rem)/2.25)] md:w-[calc((100%-3rem)/3.25)]"
          >
            <a
              href={school.website ?? "#"}
              {...(school.website
                ? { target: "_blank", rel: "noopener noreferrer" }
                : {})}
              title={CAROUSEL.website(school.display)}
              className="focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex h-28 items-center justify-center rounded-lg border border-gray-200 bg-white p-4 focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset dark:border-gray-700 dark:bg-gray-200"
            >
              {school.logo ? (
                <img
                  src={school.logo}
                  alt={school.display}
                  className="max-h-full max-w-full object-contain"
                  loading="lazy"
                />
              ) : (
                <span className="text-center font-semibold text-gray-900">
                  {school.display}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
