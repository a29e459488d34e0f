/**
 * Only same-site paths are allowed as post-login targets: "/x" yes; "//evil", "/\\evil", "https://…" no.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters and backslashes let browsers reinterpret the URL as another origin.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  return target;
}
