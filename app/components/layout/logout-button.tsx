import { LogOut } from "~/components/ui/icons";
import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { LAYOUT } from "~/messages";

/** Logging out is a POST (it changes state), so it is a form; with JavaScript React Router submits it. */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action={href("/uitloggen")} className={className}>
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        title={LAYOUT.logout}
        className="dark:text-primary-200 dark:hover:bg-gray-800"
      >
        <LogOut aria-hidden="true" />
        {/* Text, not only a label: text browsers show the button's content. */}
        <span className="sr-only">{LAYOUT.logout}</span>
      </Button>
    </Form>
  );
}
