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
