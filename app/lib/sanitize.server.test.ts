import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize.server";

describe("sanitizeHtml", () => {
  it("keeps the text markup a page needs", () => {
    const html =
      "<h2>Welkom</h2><p>Kies een <strong>dag</strong> en <em>workshop</em>.</p><ul><li>Een</li></ul><blockquote>Citaat</blockquote>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes scripts and their content", () => {
    expect(sanitizeHtml('<p>Hallo</p><script>alert("x")</script>')).toBe(
      "<p>Hallo</p>",
    );
    expect(sanitizeHtml("<p>a<style>body{display:none}</style>b</p>")).toBe(
      "<p>ab</p>",
    );
  });

  it("removes event handler and style attributes", () => {
    expect(
      sanitizeHtml('<p onclick="steal()" style="color:red">Tekst</p>'),
    ).toBe("<p>Tekst</p>");
    expect(
      sanitizeHtml('<a href="https://example.nl" onmouseover="steal()">x</a>'),
    ).not.toMatch(/onmouseover/);
  });

  it("drops javascript: and data: links but keeps the link text", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">klik</a>')).toBe(
      "<a>klik</a>",
    );
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">klik</a>')).toBe(
      "<a>klik</a>",
    );
    expect(
      sanitizeHtml(
        '<a href="data:text/html,<script>alert(1)</script>">klik</a>',
      ),
    ).toBe("<a>klik</a>");
  });

  it("opens web links in a new tab without access to this window", () => {
    expect(
      sanitizeHtml(
        '<a href="https://school.nl" title="School" target="_self" rel="opener">site</a>',
      ),
    ).toBe(
      '<a href="https://school.nl" title="School" target="_blank" rel="noopener noreferrer">site</a>',
    );
  });

  it("keeps mailto links as they are", () => {
    expect(sanitizeHtml('<a href="mailto:info@school.nl">mail</a>')).toBe(
      '<a href="mailto:info@school.nl">mail</a>',
    );
  });

  it("drops images, frames and forms", () => {
    expect(sanitizeHtml('<p>a<img src="x" onerror="steal()">b</p>')).toBe(
      "<p>ab</p>",
    );
    expect(
      sanitizeHtml(
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="x"></form>',
      ),
    ).toBe("");
  });

  it("answers an empty string for nothing", () => {
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(undefined)).toBe("");
    expect(sanitizeHtml("")).toBe("");
  });
});
