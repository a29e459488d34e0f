/**
 * POST /dev/inbound-mail?from=…&to=… (local runs only; 404 in production): a raw mail in the body is filed as
 * Email Routing's `email()` event files it (README "E-mail"), answering what became of it as JSON.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { requireLocalMailbox } from "~/web/mail/mail.server";
import { devInboundMail } from "~/web/tickets/inbound-desk.server";

export function loader({ context }: LoaderFunctionArgs) {
  requireLocalMailbox(context);
  return methodNotAllowed("POST");
}

export function action({ request, context }: ActionFunctionArgs) {
  return devInboundMail(request, context);
}
