/** HTML from the upstream, sanitised on the server with an allow-list (lib/sanitize.server.ts), styled as text. */
import { cn } from "~/lib/utils";

export function RichText({
  html,
  className,
}: {
  html: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "[&_a]:text-primary-800 dark:[&_a]:text-primary-200 flex flex-col gap-3 leading-relaxed wrap-anywhere [&_a]:underline [&_a]:underline-offset-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
