import { useMatches } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { ShellCounts, ShellState } from "~/core/site/shell";

/**
 * The header's state for this page: the root's, with the counts a page's loader changed while loading
 * (`shellCounts` in its data: a thread read takes its replies off 新着メッセージ). The root read its counts
 * with the session, before that page's loader ran; the deepest page that says so wins. The counts are kept
 * after leaving that page until the root reads its own again: a client-side navigation does not rerun the
 * root's loader, whose older count would otherwise come back.
 */
export function usePageShell(shell: ShellState): ShellState {
  const matches = useMatches();
  let pageCounts: ShellCounts | null = null;
  for (const match of matches) {
    const data = match.data as { shellCounts?: ShellCounts | null } | null | undefined;
    if (data?.shellCounts) pageCounts = data.shellCounts;
  }
  const [kept, setKept] = useState<{ over: ShellState; counts: ShellCounts } | null>(null);
  if (pageCounts && (kept?.over !== shell || kept.counts !== pageCounts)) setKept({ over: shell, counts: pageCounts });
  const counts = pageCounts ?? (kept?.over === shell ? kept.counts : null);
  return useMemo(() => (counts ? { ...shell, ...counts } : shell), [shell, counts]);
}
