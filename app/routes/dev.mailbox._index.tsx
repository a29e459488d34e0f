/**
 * /dev/mailbox (local runs only; 404 in production): every e-mail the shop wrote, newest first, as it
 * would have been sent — the e2e tests read mails here (tests/e2e/mailbox.ts). Under the Vite dev server,
 * which has no queue consumer, opening it delivers what is due to this local mailbox first.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { OutboxListing } from "~/components/mail/OutboxListing";
import { loadOutboxListing } from "~/web/mail/mail-desk.server";
import { deliverLocalMailWithoutQueue, requireLocalMailbox } from "~/web/mail/mail.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/dev/mailbox";

export const meta: MetaFunction = ({ matches }) => [{ title: `開発用メールボックス | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalMailbox(context);
  await deliverLocalMailWithoutQueue(context, new Date());
  return data(await loadOutboxListing(request, context), { headers: { "Cache-Control": "no-store" } });
}

export default function DevMailbox() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <h1 className="text-xl">開発用メールボックス</h1>
      <p className="m-0 text-sm text-gray-700">開発・テスト環境で送信されたメールです（本番環境にはこのページはありません）。</p>
      <Notice text={notice} />
      <div className="mt-4">
        <OutboxListing path={PATH} definition={definition} page={page} caption="送信メール一覧" />
      </div>
    </div>
  );
}
