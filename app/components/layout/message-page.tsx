import { href, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { LAYOUT } from "~/messages";

/** A page that only says one thing (not found, something went wrong) and, unless told not to, the way home. */
export function MessagePage({
  message,
  homeLink = true,
}: {
  message: string;
  homeLink?: boolean;
}) {
  return (
    <main
      id="inhoud"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 p-8 text-center"
    >
      <h1 className="text-2xl font-bold">{message}</h1>
      {homeLink ? (
        <Link to={href("/")} className={buttonVariants()}>
          {LAYOUT.goHome}
        </Link>
      ) : null}
    </main>
  );
}
