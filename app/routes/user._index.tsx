/** The member hub (マイページ): a greeting, the point balance and a link to every member section with its counts. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { MemberHubPage } from "~/components/member/MemberHubPage";
import { PASSWORD_RESET_DONE } from "~/core/account/password-reset";
import { SHOP_NAME } from "~/core/site/site";
import { redirectedNotice } from "~/web/input.server";
import type { loader as rootLoader } from "~/root";
import { loadMemberHub } from "~/services/member/member-hub.server";

export const meta: MetaFunction = () => [{ title: `マイページ | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

/** What a redirect here may announce (`?notice=…`). */
const NOTICES: Record<string, string> = { [PASSWORD_RESET_DONE.notice]: PASSWORD_RESET_DONE.message };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const hub = await loadMemberHub(context.db, user.id);
  return data({ ...hub, notice: redirectedNotice(request, NOTICES) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MemberHubRoute() {
  const shell = useRouteLoaderData<typeof rootLoader>("root")?.shell;
  return <MemberHubPage hub={useLoaderData<typeof loader>()} counts={{ unreadMails: shell?.unreadMails ?? 0, unreadMessages: shell?.unreadMessages ?? 0 }} />;
}
