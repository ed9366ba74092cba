/**
 * Small SVG templates for the demo pictures: logos (a coloured disc with initials and the name) and
 * illustrations (a gradient with a title). Every picture is accessible (role="img" and a <title>).
 */

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Escapes text for use inside XML/HTML content and double-quoted attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Splits text into lines of at most `width` characters (longer words get a line of their own). */
export function wrapText(
  text: string,
  width: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** A trailing number is the brand ("Studiemarkt 013" → "013"); otherwise the first letters of two words. */
export function initials(name: string): string {
  const number = /\d+$/.exec(name)?.[0];
  if (number) return number;
  const words = name.split(/\s+/).filter((word) => /^[A-ZÀ-Ý]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
}

/** Mixes a hex colour (without '#') with black; amount 0 keeps it, 1 gives black. */
function darken(hex: string, amount: number): string {
  const channels = [0, 2, 4].map((start) =>
    Math.round(parseInt(hex.slice(start, start + 2), 16) * (1 - amount)),
  );
  return channels.map((value) => value.toString(16).padStart(2, "0")).join("");
}

function textLines(
  lines: string[],
  x: number,
  firstY: number,
  lineHeight: number,
  attributes: string,
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${firstY + index * lineHeight}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join("");
}

function svgDocument(
  width: number,
  height: number,
  title: string,
  content: string,
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${content}</svg>`
  );
}

/** A logo: a disc in the brand colour with white initials, the name beside it in the same colour. */
export function logoSvg({
  name,
  color,
}: {
  name: string;
  color: string;
}): string {
  // About 19 bold characters fit beside the disc; the lines are centred on the disc.
  const lines = wrapText(name, 19, 3);
  const lineHeight = 19;
  const firstY = 46 - ((lines.length - 1) * lineHeight) / 2;
  return svgDocument(
    300,
    80,
    `Logo ${name}`,
    `<circle cx="40" cy="40" r="30" fill="#${color}"/>` +
      `<text x="40" y="46" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" fill="#ffffff">${escapeXml(initials(name))}</text>` +
      textLines(
        lines,
        82,
        firstY,
        lineHeight,
        `font-family="${FONT}" font-size="16" font-weight="700" fill="#${color}"`,
      ),
  );
}

/** Where the decorative circles sit, so the pictures of one workshop do not all look the same. */
const DECORATIONS = [
  [
    [690, 80, 140],
    [760, 400, 90],
  ],
  [
    [120, 60, 110],
    [700, 330, 160],
  ],
  [
    [400, -40, 150],
    [60, 420, 120],
  ],
  [
    [740, 220, 120],
    [300, 470, 140],
  ],
] as const;

/** An illustration: a gradient in the given colour with a caption and a title in white. */
export function pictureSvg({
  title,
  caption,
  color,
  variant,
}: {
  title: string;
  caption: string;
  color: string;
  variant: number;
}): string {
  const decoration =
    DECORATIONS[variant % DECORATIONS.length] ?? DECORATIONS[0];
  const circles = decoration
    .map(
      ([cx, cy, r]) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>`,
    )
    .join("");
  const lines = wrapText(title, 26, 3);
  const titleTop = 350 - (lines.length - 1) * 52;
  return svgDocument(
    800,
    450,
    caption ? `${title} (${caption})` : title,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#${darken(color, 0.45)}"/>` +
      `</linearGradient></defs>` +
      `<rect width="800" height="450" fill="url(#g)"/>${circles}` +
      // The title's last line sits at y=350 whatever its length; the caption goes just above its first line.
      textLines(
        caption ? [caption.toUpperCase()] : [],
        56,
        titleTop - 60,
        0,
        `font-family="${FONT}" font-size="22" font-weight="600" letter-spacing="2" fill="#ffffff"`,
      ) +
      textLines(
        lines,
        56,
        titleTop,
        52,
        `font-family="${FONT}" font-size="44" font-weight="700" fill="#ffffff"`,
      ),
  );
}
