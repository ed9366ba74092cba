import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). Nothing is merged: a class given later does not remove a conflicting earlier one,
 * and which of two wins depends on the stylesheet's order, so a component offers a variant or leaves out its own
 * class where a caller needs another value.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
