/** /crm/inbound/{id}/raw (staff only): a received mail's raw message as it arrived (.eml), kept 30 days. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { inboundRawResponse } from "~/web/tickets/inbound-desk.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return inboundRawResponse(context, params.inboundId);
}
