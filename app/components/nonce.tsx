import { createContext, useContext } from "react";

/** Hands the document's CSP nonce to <Scripts> and other inline scripts (empty in the browser). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
