/**
 * Placeholder of 'Inschrijving annuleren' (spec "Cancelling"); replaced by the dialog with JavaScript and the
 * confirmation page without it.
 */
import { Link } from "react-router";

export function CancelRegistration() {
  return <Link to="/inschrijving-annuleren">Inschrijving annuleren</Link>;
}
