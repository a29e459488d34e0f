/** /crm: the staff desk starts at the ticket list (staff only; customers get 403). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  throw redirect("/crm/tickets");
}
