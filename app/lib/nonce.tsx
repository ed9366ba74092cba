import { createContext, useContext } from "react";

/** The per-request CSP nonce. Set on the server; empty in the browser, which hides nonce values anyway. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
