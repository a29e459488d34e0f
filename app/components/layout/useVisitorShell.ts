import { useEffect, useState } from "react";
import { SHELL_API_PATH, type ShellState } from "~/core/site/shell";

/**
 * The header's state: the root loader's, except on a page rendered anonymous — the neutral header, which the
 * edge cache serves to every visitor without a session cookie — where, with JS, the visitor's own comes
 * from /api/shell after load (a neutral page can reach someone signed in: a cache in front that ignored
 * their cookie, a tab restored from before they signed in). Without JS the neutral header stays; a browser
 * that sends its session cookie always gets a personal page, whose header needs no look-up.
 */
export function useVisitorShell(rendered: ShellState, anonymous: boolean): ShellState {
  const [own, setOwn] = useState<ShellState | null>(null);
  useEffect(() => {
    setOwn(null);
    if (!anonymous) return;
    const controller = new AbortController();
    fetch(SHELL_API_PATH, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ShellState>) : null))
      .then((shell) => {
        if (shell && (shell.user || shell.cartQuantity > 0)) setOwn(shell);
      })
      // An aborted or failed look-up leaves the neutral header, which links to login and the cart all the same.
      .catch(() => undefined);
    return () => controller.abort();
  }, [rendered, anonymous]);
  return own ?? rendered;
}
