/**
 * Tells an action that its form was sent by a fetcher (JavaScript running), so it answers with data for the page
 * in place instead of the redirect a plain form needs. Rendered only once hydrated: before that the form posts
 * like any other.
 */
import { useHydrated } from "remix-utils/use-hydrated";

export const ENHANCED_FIELD = "enhanced";

export function EnhancedField() {
  const hydrated = useHydrated();
  return hydrated ? (
    <input type="hidden" name={ENHANCED_FIELD} value="1" />
  ) : null;
}
