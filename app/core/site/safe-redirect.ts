/**
 * Same-site paths: "/x" yes; "//evil", "/\\evil", "https://…", and anything with control characters or
 * backslashes (which browsers drop or read as "/", turning the path into another origin) no.
 */
export function isSameSitePath(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return false;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return !/[\u0000-\u001f\\]/.test(target);
}

/** Only same-site paths are allowed as post-login (and other redirect) targets. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return typeof target === "string" && isSameSitePath(target) ? target : fallback;
}
