/** The member hub (マイページ): a greeting, the point balance and a link to every member section with its counts. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { MemberHubPage } from "~/components/member/MemberHubPage";
import { PASSWORD_RESET_DONE } from "~/core/account/password-reset";
import { redirectedNotice } from "~/web/input.server";
import type { loader as rootLoader } from "~/root";
import { loadMemberHub } from "~/services/member/member-hub.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `マイページ | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

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
