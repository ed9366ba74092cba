/**
 * Placeholder of the cart (spec "Cart drawer"); replaced by the full panel and drawer. The props are the
 * contract the flow's screens render it with.
 */
import { Link } from "react-router";
import type { CartView } from "~/registration/cart";

export interface CartProps {
  cart: CartView;
  /** Render the panel open (after adding a workshop, or `?inschrijving=open`). */
  open?: boolean;
}

export function Cart({ cart, open = false }: CartProps) {
  return (
    <details open={open}>
      <summary>Inschrijving ({cart.count})</summary>
      <Link to="/inschrijving-afronden">
        {cart.created ? "Inschrijving wijzigen" : "Inschrijving afronden"}
      </Link>
    </details>
  );
}
