import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logout } from "~/web/account/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return logout(request, context);
}

// Logging out changes state, so it is POST only; a stray GET goes home.
export function loader() {
  return redirect("/");
}
