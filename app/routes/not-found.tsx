import { data } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { MESSAGES, LAYOUT } from "~/messages";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: LAYOUT.notFoundTitle }];
}

export default function NotFound() {
  return <MessagePage message={MESSAGES.notFound} />;
}
