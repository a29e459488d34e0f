/**
 * Signed values for links that work without a login (the newsletter's opt-out, a mailed ticket attachment):
 * the HMAC-SHA-256 of a text under the shop's secret (Web Crypto), as 43 base64url characters. The text names
 * its purpose, so no signed value of one kind can stand in for another.
 */
function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A signature from a link: 32 bytes as 43 base64url characters, or null for anything else. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function signText(text: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(text));
  return toBase64Url(new Uint8Array(signature));
}

/** Whether `signature` is this text's (compared in constant time by Web Crypto); false for a malformed one. */
export async function verifySignedText(text: string, signature: string, secret: string): Promise<boolean> {
  const bytes = fromBase64Url(signature);
  if (!bytes) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, new TextEncoder().encode(text));
}

/** `byteCount` random bytes as lowercase hex: unguessable names and tokens (R2 keys, reply tokens). */
export function randomHex(byteCount: number): string {
  return [...crypto.getRandomValues(new Uint8Array(byteCount))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
