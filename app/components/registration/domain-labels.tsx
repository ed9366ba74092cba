/** A workshop's domain labels in their colour, with the text colour that keeps AA contrast on it. */
import type { LabelColors } from "~/registration/domain-label";
import { cn } from "~/lib/utils";
import { WORKSHOP_PAGE } from "~/messages";

/** The room between labels: close on a card, a little more on the workshop's own page. */
const GAPS = { card: "gap-1.5", page: "gap-2" } as const;

export function DomainLabels({
  domains,
  on = "card",
}: {
  domains: { display: string; colors: LabelColors }[];
  on?: keyof typeof GAPS;
}) {
  if (domains.length === 0) return null;
  return (
    <ul
      aria-label={WORKSHOP_PAGE.domains}
      className={cn("flex flex-wrap", GAPS[on])}
    >
      {domains.map((domain) => (
        <li
          key={domain.display}
          className="domain-label"
          style={{
            backgroundColor: domain.colors.background,
            color: domain.colors.text,
          }}
        >
          {domain.display}
        </li>
      ))}
    </ul>
  );
}
