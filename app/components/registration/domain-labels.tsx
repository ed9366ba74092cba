/** A workshop's domain labels in their colour, with the text colour that keeps AA contrast on it. */
import type { LabelColors } from "~/registration/domain-label";
import { cn } from "~/lib/utils";
import { WORKSHOP_PAGE } from "~/messages";

export function DomainLabels({
  domains,
  className,
}: {
  domains: { display: string; colors: LabelColors }[];
  className?: string;
}) {
  if (domains.length === 0) return null;
  return (
    <ul
      aria-label={WORKSHOP_PAGE.domains}
      className={cn("flex flex-wrap gap-1.5", className)}
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
