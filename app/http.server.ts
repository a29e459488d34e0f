/** Small helpers routes use to answer malformed requests with a clear 400 instead of a 500. */
export const MALFORMED_FORM_MESSAGE = "送信内容を読み取れませんでした。ページを再読み込みしてからもう一度お試しください。";

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The request's form fields; a body that is not a form (JSON, garbage, wrong type) is a 400. */
export async function readFormData(request: Pick<Request, "formData">): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw badRequest(MALFORMED_FORM_MESSAGE);
  }
}

/**
 * The /api/* actions serve fetchers (JSON) and plain form posts made without JS (a page navigation,
 * which should land back on a page). Browsers mark navigations with Sec-Fetch-Mode: navigate.
 */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

export function jsonError(status: 400 | 401 | 403 | 404 | 409 | 422, message: string): Response {
  return Response.json({ error: message }, { status });
}

/** A positive integer route id, or a 400 answer. */
export function idParam(value: string | undefined, label = "ID"): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw jsonError(400, `${label}が正しくありません。`);
  return Number(value);
}

export const LOGIN_REQUIRED_MESSAGE = "この操作にはログインが必要です。";
