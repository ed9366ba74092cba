/**
 * HTML from the upstream (page texts, workshop descriptions) is rendered with dangerouslySetInnerHTML, so it is
 * cleaned here first: only the tags and attributes a text needs, links only to http(s) and mailto addresses.
 */
import { LRUCache } from "lru-cache";
import sanitize from "sanitize-html";

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "a",
    "h2",
    "h3",
    "h4",
    "blockquote",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Text of removed elements stays, except where it is code or markup rather than text.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const link: Record<string, string> = {};
      if (href) link.href = href;
      if (title) link.title = title;
      // Links that leave the site open in a new tab without handing it this window.
      if (href && /^https?:/i.test(href)) {
        link.target = "_blank";
        link.rel = "noopener noreferrer";
      }
      return { tagName, attribs: link };
    },
  },
};

/**
 * The same texts come back on every view (a day's workshop intros, page texts), so each cleaned text is kept;
 * the bound keeps memory flat whatever the upstream sends.
 */
const cleaned = new LRUCache<string, string>({
  max: 2000,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (clean, html) => clean.length + html.length,
});

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  let clean = cleaned.get(html);
  if (clean === undefined) {
    clean = sanitize(html, OPTIONS);
    cleaned.set(html, clean);
  }
  return clean;
}
