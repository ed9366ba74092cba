/**
 * What the markup suite checks on the server's HTML of a page or state, as browsers other than a modern one with
 * its styles get it: read as text without styles, no two words run together where two elements meet (our own
 * HTML-to-text reading, and w3m's where it is installed); a conformance checker (html-validate, recommended rules)
 * finds no error; and which submit buttons a browser that ignores `form=` would send differently (its enclosing
 * form's fields plus its own name and value), so a test can post them so and see that they do what they say.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { expect } from "@playwright/test";
import type { Page, Response } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { WORKSHOP_PAGE } from "../../../app/messages";

/**
 * Keeps the HTML of the page's last document, as the server sent it (a redirect's target, or the answer to a
 * refused post): `page.content()` would be the browser's reading of it, which mends what a checker should see.
 */
export function keepDocuments(page: Page): () => Promise<string> {
  let last: Promise<string> | null = null;
  page.on("response", (response: Response) => {
    const request = response.request();
    if (
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      (response.status() < 300 || response.status() >= 400)
    ) {
      // Read at once: the body is gone once the page has moved on (a redirect's own answer has none to read).
      const text = response.text();
      text.catch(() => undefined);
      last = text;
    }
  });
  return async () => {
    if (!last) throw new Error("no document loaded yet");
    return last;
  };
}

/**
 * Runs in a page on the HTML as a string: the places where two pieces of text meet without a space or a line
 * between them, each as 'left|right' (the last word before, the first after). The HTML is read without styles:
 * what the default rendering of HTML makes a block (a paragraph, a list item, a div…) or a line break stands on
 * a line of its own, and inline elements (span, a, label, button, strong…) run on.
 */
export function wordsRunTogether(html: string): string[] {
  const BLOCKS = new Set(
    "address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr legend li main menu nav ol optgroup option p pre search section select summary table tbody td tfoot th thead tr ul textarea input".split(
      " ",
    ),
  );
  const SKIP = new Set(["script", "style", "template", "head", "svg"]);
  const document = new DOMParser().parseFromString(html, "text/html");
  const found: string[] = [];
  let before = "";
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? "";
      if (!text) return;
      if (/[\p{L}\p{N}]$/u.test(before) && /^[\p{L}\p{N}]/u.test(text))
        found.push(
          `${/\S*$/u.exec(before)![0].slice(-30)}|${/^\S*/u.exec(text)![0].slice(0, 30)}`,
        );
      before = text;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (SKIP.has(element.localName) || element.hasAttribute("hidden")) return;
    const block = BLOCKS.has(element.localName);
    if (block) before = "";
    if (element.localName === "img") {
      const alt = element.getAttribute("alt") ?? "";
      if (alt) visit(document.createTextNode(alt));
    }
    for (const child of element.childNodes) visit(child);
    if (block) before = "";
  };
  visit(document.body);
  return found;
}

/** Where w3m is installed (a text browser many visitors never use, but the quickest honest reading of a page). */
export const W3M = ["/usr/bin/w3m", "/usr/local/bin/w3m"].find((path) =>
  existsSync(path),
);

/** The words a round's status says, which must never hang on to the word before them. */
export const STATUS_WORDS = [
  WORKSHOP_PAGE.badges.unavailable,
  WORKSHOP_PAGE.badges.added,
  WORKSHOP_PAGE.badges.choose,
  "Huidige keuze:",
];

/** w3m's reading of the HTML: each status word that follows another word without a space. */
export function w3mJoinedStatus(html: string): string[] {
  if (!W3M) return [];
  const text = execFileSync(
    W3M,
    ["-dump", "-T", "text/html", "-cols", "80", "-O", "UTF-8", "-I", "UTF-8"],
    { input: html, encoding: "utf8" },
  );
  const found: string[] = [];
  for (const words of STATUS_WORDS)
    for (const match of text.matchAll(
      new RegExp(`(\\S+)${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g"),
    ))
      found.push(`w3m: ${match[1]}|${words}`);
  return found;
}

/**
 * html-validate with its recommended rules (decision 0062), less those that judge how React writes valid HTML or
 * what only the styles decide, not whether the HTML conforms.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // React writes boolean attributes as `disabled=""` and void elements as `<input/>`: both valid HTML.
    "attribute-boolean-style": "off",
    "void-style": "off",
    // React writes the DOM's spelling (`charSet`, `autoComplete`, `noValidate`): attribute names are
    // case-insensitive in HTML, the Nu checker accepts them.
    "attr-case": "off",
    // React's `useId` ids start with an underscore: HTML allows any id without spaces.
    "valid-id": ["error", { relaxed: true }],
    // The main menu is a top bar on a wide screen and a bottom tab bar on a phone, one name ('Hoofdmenu') for
    // the one the styles show: the rule cannot see that only one is ever shown.
    "unique-landmark": "off",
    // The domain filter's colour dot takes the colour the upstream gives (an inline style is valid HTML).
    "no-inline-style": "off",
    // A group of checkboxes shares one name (`domein=a&domein=b`), as radios do.
    "form-dup-name": [
      "error",
      { shared: ["radio", "checkbox", "button", "reset", "submit"] },
    ],
  },
});

/**
 * Runs in a page: the Nu checker's rule html-validate has no rule for: a required single-choice <select> must
 * start with a placeholder option (an empty value, or no text).
 */
function selectsWithoutPlaceholder(html: string): string[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  return [...document.querySelectorAll<HTMLSelectElement>("select[required]")]
    .filter((select) => !select.multiple && select.size <= 1)
    .filter((select) => {
      const first = select.querySelector("option");
      return first && first.value !== "" && first.textContent !== "";
    })
    .map(
      (select) =>
        `select-placeholder: the required <select name="${select.name}"> starts with an option that has a value and text`,
    );
}

/** The conformance checker's errors on the HTML, each as 'rule: message (line:column)'. */
export async function conformanceErrors(
  page: Page,
  html: string,
): Promise<string[]> {
  const report = await validator.validateString(html);
  return [
    ...report.results.flatMap((result) =>
      result.messages.map(
        (message) =>
          `${message.ruleId}: ${message.message} (${message.line}:${message.column}) ${message.selector ?? ""}`,
      ),
    ),
    ...(await page.evaluate(selectsWithoutPlaceholder, html)),
  ];
}

/** A submit button as a browser that ignores `form=` would send it, beside what a conforming browser sends. */
export interface ButtonPost {
  label: string;
  method: string;
  action: string;
  /** Its enclosing form's fields plus its own name and value, in order. */
  ignoring: [string, string][];
  /** What a browser that honours `form=` (and `formaction` and the rest) sends. */
  honouring: [string, string][];
  honouringAction: string;
}

/** Runs in the page: every submit button whose post differs in a browser that ignores `form=`. */
function buttonsThatDiffer(): ButtonPost[] {
  const fields = (form: HTMLFormElement, submitter: HTMLButtonElement) => {
    const entries: [string, string][] = [];
    for (const element of form.querySelectorAll<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >("input, select, textarea")) {
      if (!element.name || element.disabled) continue;
      if (element instanceof HTMLInputElement) {
        if (["submit", "image", "button", "reset"].includes(element.type))
          continue;
        if (
          (element.type === "checkbox" || element.type === "radio") &&
          !element.checked
        )
          continue;
      }
      if (element instanceof HTMLSelectElement) {
        for (const option of element.selectedOptions)
          entries.push([element.name, option.value]);
        continue;
      }
      entries.push([element.name, element.value]);
    }
    if (submitter.name) entries.push([submitter.name, submitter.value]);
    return entries;
  };
  const posts: ButtonPost[] = [];
  for (const button of document.querySelectorAll<HTMLButtonElement>(
    'button:not([type]), button[type="submit"]',
  )) {
    const enclosing = button.parentElement?.closest("form") ?? null;
    const owner = button.form;
    const honouring = owner
      ? [...new FormData(owner, button).entries()].map(
          ([name, value]) => [name, String(value)] as [string, string],
        )
      : [];
    const ignoring = enclosing ? fields(enclosing, button) : [];
    const sort = (entries: [string, string][]) =>
      JSON.stringify(entries.map((entry) => entry.join("=")).toSorted());
    if (enclosing === owner && sort(ignoring) === sort(honouring)) continue;
    posts.push({
      label: (button.textContent ?? "").replace(/\s+/g, " ").trim(),
      method: enclosing?.method ?? "get",
      action: enclosing?.action ?? "",
      ignoring,
      honouring,
      honouringAction: button.formAction || owner?.action || "",
    });
  }
  return posts;
}

export function differingButtons(page: Page): Promise<ButtonPost[]> {
  return page.evaluate(buttonsThatDiffer);
}

/** Posts as a browser that ignores `form=` would; the page ends where the answer leads. */
export async function postIgnoringForm(
  page: Page,
  post: ButtonPost,
): Promise<void> {
  const response = await page.request.post(post.action, {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(post.action).origin,
    },
    data: new URLSearchParams(post.ignoring).toString(),
    maxRedirects: 0,
  });
  expect(response.status(), `${post.label}: the post's status`).toBeLessThan(
    400,
  );
  const location = response.headers()["location"];
  await page.goto(location ?? post.action);
}

/**
 * The markup checks on the state the page shows, from the server's HTML: words apart (our reading, w3m's),
 * conformance, and every button that a `form=`-ignoring browser would send differently is one `expected` knows.
 */
export async function checkMarkup(
  page: Page,
  html: string,
  label: string,
  expected: RegExp[] = [],
): Promise<void> {
  const problems: string[] = [];
  for (const seam of await page.evaluate(wordsRunTogether, html))
    problems.push(`${label}: words run together: ${seam}`);
  for (const seam of w3mJoinedStatus(html))
    problems.push(`${label}: words run together: ${seam}`);
  for (const error of await conformanceErrors(page, html))
    problems.push(`${label}: not conforming: ${error}`);
  for (const post of await differingButtons(page))
    if (!expected.some((pattern) => pattern.test(post.label)))
      problems.push(
        `${label}: '${post.label}' sends something else in a browser that ignores form=: ${JSON.stringify(post.ignoring)} instead of ${JSON.stringify(post.honouring)}`,
      );
  expect.soft(problems, `markup findings for ${label}`).toEqual([]);
}
