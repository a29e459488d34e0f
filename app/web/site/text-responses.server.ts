/**
 * Plain-text answers (a refusal's Japanese message as the body), kept apart from http.server.ts, which
 * reads sessions: modules that sessions themselves use (login's form reading) can refuse without a cycle.
 * http.server.ts re-exports badRequest beside its other helpers.
 */
export function textResponse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function badRequest(message: string): Response {
  return textResponse(400, message);
}
