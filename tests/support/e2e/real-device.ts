/**
 * What the real-device suite checks on every page and state, at the phone widths, light or dark: no sideways
 * scroll, no text cut off, targets of at least 24 x 24 px (or spaced as WCAG 2.2 SC 2.5.8 allows), scroll regions
 * a keyboard can reach and that show there is more, submit buttons that stay put when a field loses focus, a tap
 * on submit straight from a field that submits once, and axe.
 */
import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { a11yViolations } from "./axe";
import { javaScriptEnabled } from "./flow";

export const WIDTHS = [320, 360, 390] as const;
const HEIGHT = 740;

interface Findings {
  /** How much wider than the screen the page is (document scrollWidth - clientWidth). */
  sideways: number;
  /** Text outside the screen, or clipped by a box that does not scroll. */
  cut: string[];
  /** Targets under 24 x 24 px that are not spaced either. */
  small: string[];
  /** Boxes that scroll sideways but cannot be reached by keyboard, are not a named region, or hide that they scroll. */
  regions: string[];
}

/** Runs in the page: the layout findings at the current viewport. */
function findings(): Findings {
  const root = document.documentElement;
  const screenWidth = root.clientWidth;
  const describe = (element: Element) => {
    const text = (
      element.getAttribute("aria-label") ??
      (element as HTMLElement).innerText ??
      element.textContent ??
      ""
    )
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${text}"`;
  };
  // A region: role="region", or a named <section> (which is one without saying so).
  const region = (element: Element) =>
    element.getAttribute("role") === "region" ||
    (element.localName === "section" &&
      (element.hasAttribute("aria-label") ||
        element.hasAttribute("aria-labelledby")));
  const scrolls = (element: Element) => {
    const { overflowX } = getComputedStyle(element);
    return overflowX === "auto" || overflowX === "scroll";
  };
  // Visually hidden text (sr-only, a skip link until it has focus) is clipped away on purpose.
  const tiny = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const { clipPath, clip } = getComputedStyle(element);
    return (
      rect.width <= 2 ||
      rect.height <= 2 ||
      clipPath.startsWith("inset(50%") ||
      clip === "rect(0px, 0px, 0px, 0px)"
    );
  };

  const cut = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent) continue;
    if (parent.closest("script, style, noscript, template, title")) continue;
    // Hidden by visibility or inside a closed <details> (content-visibility): not shown, so not cut off either.
    if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width === 0) continue;
      let clipped = false;
      let scrolled = false;
      let hidden = false;
      for (
        let box: Element | null = parent;
        box && box !== document.body && box !== root;
        box = box.parentElement
      ) {
        if (tiny(box)) {
          hidden = true;
          break;
        }
        if (scrolls(box)) {
          // Text in a box that scrolls can be brought into view, if the box itself is on the screen.
          const view = box.getBoundingClientRect();
          scrolled = view.left >= -1 && view.right <= screenWidth + 1;
          break;
        }
        const { overflowX } = getComputedStyle(box);
        if (overflowX === "hidden" || overflowX === "clip") {
          const clip = box.getBoundingClientRect();
          if (rect.right > clip.right + 1 || rect.left < clip.left - 1)
            clipped = true;
        }
      }
      // Off to the left entirely is a deliberately hidden part (a skip link, a carousel's other slide).
      if (hidden || scrolled || rect.right <= 0) continue;
      if (clipped || rect.right > screenWidth + 1 || rect.left < -1)
        cut.add(describe(parent));
    }
  }

  const targets = [
    ...document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]',
    ),
  ].filter((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || tiny(element)) return false;
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    // A scroll region is focusable for the keyboard; it is not a target one presses.
    if (region(element)) return false;
    // A link inside a sentence takes the line's height (SC 2.5.8's inline exception).
    if (
      element.tagName === "A" &&
      getComputedStyle(element).display === "inline"
    ) {
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline"))
        block = block.parentElement;
      const own = (element.textContent ?? "").trim().length;
      const all = (block?.textContent ?? "").trim().length;
      if (all > own + 1) return false;
    }
    return true;
  });
  // A radio or a checkbox is pressed through its label too.
  const boxes = targets.map((element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    const labels =
      element instanceof HTMLInputElement && element.labels
        ? [...element.labels]
        : [];
    for (const label of labels) {
      const rect = label.getBoundingClientRect();
      // Only a label beside the control widens it: one elsewhere is a second target.
      if (Math.abs(rect.top + rect.height / 2 - (top + bottom) / 2) > 24)
        continue;
      left = Math.min(left, rect.left);
      top = Math.min(top, rect.top);
      right = Math.max(right, rect.right);
      bottom = Math.max(bottom, rect.bottom);
    }
    return { element, left, top, right, bottom };
  });
  const undersized = boxes.filter(
    (box) => box.right - box.left < 23.5 || box.bottom - box.top < 23.5,
  );
  const centre = (box: (typeof boxes)[number]) => ({
    x: (box.left + box.right) / 2,
    y: (box.top + box.bottom) / 2,
  });
  const small = undersized
    .filter((box) => {
      const c = centre(box);
      // SC 2.5.8's spacing: a 24 px circle on the target's centre meets no other target nor another small one's circle.
      return boxes.some((other) => {
        if (
          other === box ||
          other.element.contains(box.element) ||
          box.element.contains(other.element)
        )
          return false;
        const dx = Math.max(other.left - c.x, 0, c.x - other.right);
        const dy = Math.max(other.top - c.y, 0, c.y - other.bottom);
        if (Math.hypot(dx, dy) < 12) return true;
        if (!undersized.includes(other)) return false;
        const o = centre(other);
        return Math.hypot(o.x - c.x, o.y - c.y) < 24;
      });
    })
    .map(
      (box) =>
        `${describe(box.element)} ${Math.round(box.right - box.left)}x${Math.round(box.bottom - box.top)}`,
    );

  const regions = [...document.body.querySelectorAll("*")]
    .filter(
      (element) =>
        scrolls(element) && element.scrollWidth > element.clientWidth + 1,
    )
    .filter((element) => {
      // A carousel brings its parts into view with its own buttons.
      if (element.closest('[aria-roledescription="carrousel"]')) return false;
      const named =
        region(element) &&
        Boolean(
          element.getAttribute("aria-label") ??
          element.getAttribute("aria-labelledby"),
        );
      const reachable = (element as HTMLElement).tabIndex >= 0;
      // Scroll shadows (backgrounds that scroll with the content) show there is more.
      const shows = getComputedStyle(element).backgroundImage !== "none";
      return !(named && reachable && shows);
    })
    .map(describe);

  return {
    sideways: root.scrollWidth - root.clientWidth,
    cut: [...cut],
    small,
    regions,
  };
}

/**
 * The project's colour scheme: light with JavaScript, dark without. Layout does not depend on the scheme, and the
 * markup is the same in both projects, so each state is seen in both schemes across the two projects at the cost
 * of one.
 */
export function scheme(): "light" | "dark" {
  return javaScriptEnabled() ? "light" : "dark";
}

/**
 * The layout checks at every width and axe at the narrowest, in the project's scheme; ends at the narrowest width.
 * `label` names the state in the failure. Every finding is reported, the test goes on to the next state.
 */
export async function checkState(page: Page, label: string): Promise<void> {
  const problems: string[] = [];
  await page.emulateMedia({ colorScheme: scheme() });
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize({ width, height: HEIGHT });
    const found = await page.evaluate(findings);
    const at = `${label} @${width} ${scheme()}`;
    if (found.sideways > 0)
      problems.push(`${at}: scrolls sideways by ${found.sideways}px`);
    for (const text of found.cut) problems.push(`${at}: text cut off: ${text}`);
    for (const target of found.small)
      problems.push(`${at}: target under 24x24 and not spaced: ${target}`);
    for (const region of found.regions)
      problems.push(
        `${at}: scrolls inside, not a reachable named region showing more: ${region}`,
      );
  }
  for (const violation of await a11yViolations(page))
    problems.push(`${label} @${WIDTHS[0]} ${scheme()}: axe: ${violation}`);
  expect.soft(problems, `real-device findings for ${label}`).toEqual([]);
}

/** Document position of a box, so a page that scrolled does not read as a moved button. */
async function place(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      x: Math.round(rect.left + window.scrollX),
      y: Math.round(rect.top + window.scrollY),
    };
  });
}

/**
 * Every submit button of the form stays where it is when each field before it loses focus: its box is read,
 * the field blurs, the box is read again (after the page has rendered what leaving the field brings).
 */
export async function submitStaysPut(
  page: Page,
  form: Locator,
  label: string,
): Promise<void> {
  const buttons = form.locator(
    'button[type="submit"]:visible, button:not([type]):visible',
  );
  const fields = form.locator(
    'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):visible, textarea:visible, select:visible',
  );
  const moved: string[] = [];
  for (const field of await fields.all()) {
    await field.focus();
    const before = await Promise.all(
      (await buttons.all()).map((button) => place(button)),
    );
    // Without JavaScript nothing can change as a field is left, and no frame callback would run.
    await field.evaluate(async (element, scripts) => {
      (element as HTMLElement).blur();
      if (scripts)
        await new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(resolve)),
        );
    }, javaScriptEnabled());
    const after = await Promise.all(
      (await buttons.all()).map((button) => place(button)),
    );
    if (JSON.stringify(before) !== JSON.stringify(after))
      moved.push(
        `${label}: leaving ${(await field.getAttribute("name")) ?? "?"} moved a submit button ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
      );
  }
  expect.soft(moved).toEqual([]);
}

/** Counts sends of forms from here on: submit events with JavaScript, page loads without. */
export async function countSubmits(page: Page): Promise<() => Promise<number>> {
  if (javaScriptEnabled()) {
    await page.evaluate(() => {
      const counter = window as unknown as {
        submits: number;
        counting?: boolean;
      };
      counter.submits = 0;
      // Counted once per document: a client-side navigation keeps the listener of an earlier count.
      if (counter.counting) return;
      counter.counting = true;
      document.addEventListener(
        "submit",
        (event) => {
          // Conform's own check of a field on blur is a submit by its "__intent__" button.
          if (event.submitter?.getAttribute("name") === "__intent__") return;
          counter.submits += 1;
        },
        true,
      );
    });
    return () =>
      page.evaluate(() => (window as unknown as { submits: number }).submits);
  }
  // Without JavaScript a send is a page load (a redirect after a post is part of the same one).
  let sends = 0;
  page.on("request", (request) => {
    if (
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      request.redirectedFrom() === null
    )
      sends += 1;
  });
  return () => Promise.resolve(sends);
}

/**
 * Types into the form's last field and taps the submit button straight away (no blur, no wait): the form is sent
 * once, and `sent` says what the page shows then.
 */
export async function tapSubmitsOnce(
  page: Page,
  options: {
    field: Locator;
    value: string;
    submit: Locator;
    sent: () => Promise<void>;
  },
): Promise<void> {
  const submits = await countSubmits(page);
  await options.field.fill(options.value);
  const loaded = javaScriptEnabled() ? null : page.waitForEvent("load");
  await options.submit.tap();
  await loaded;
  await expect.soft(options.sent).toPass({ timeout: 5_000 });
  expect.soft(await submits(), "sends of the form").toBe(1);
}
