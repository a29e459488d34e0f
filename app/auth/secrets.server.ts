import { constantTimeEqual } from "./password.server";

/** Compares a secret from a URL with the stored one without leaking through timing how much matched. */
export function secretMatches(expected: string | null, given: string): boolean {
  if (!expected) return false;
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(expected), encoder.encode(given));
}
