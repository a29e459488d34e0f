import { RESULT_ANCHOR } from "~/core/site/result-anchor";

/** A one-line message after an action (PRG), announced politely. */
export function Notice({ text, tone = "success" }: { text: string | null; tone?: "success" | "error" }) {
  if (!text) return null;
  const colours = tone === "success" ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800";
  return (
    <p
      id={RESULT_ANCHOR}
      role={tone === "success" ? "status" : "alert"}
      className={`m-0 mt-3 rounded px-3 py-2 text-sm ${colours}`}
      data-testid="member-notice"
    >
      {text}
    </p>
  );
}
