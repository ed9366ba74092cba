/** The domain labels of a workshop in their colour, with text that keeps AA contrast on it. */
import { labelTextColor } from "~/lib/theme";

export function DomainLabels({
  domains,
}: {
  domains: { display: string; labelColor: string }[];
}) {
  if (domains.length === 0) return null;
  return (
    <ul aria-label="Domeinen" className="flex flex-wrap gap-1.5">
      {domains.map((domain) => (
        <li
          key={domain.display}
          className="rounded-full px-2.5 py-0.5 text-xs font-semibold"
          style={{
            backgroundColor: `#${domain.labelColor}`,
            color: labelTextColor(domain.labelColor),
          }}
        >
          {domain.display}
        </li>
      ))}
    </ul>
  );
}
