/** Shown once after a withdrawal: the account is closed and the visitor signed out. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { withdrawalDoneLoader } from "~/web/account/withdrawal.server";
import { shopNameOf } from "~/components/layout/page-title";
import { useShopName } from "~/components/layout/useSiteFacts";

export const meta: MetaFunction = ({ matches }) => [{ title: `退会手続き完了 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withdrawalDoneLoader(request, context);
}

export default function WithdrawalDone() {
  const { notice } = useLoaderData<typeof loader>();
  const shopName = useShopName();
  return (
    <section className="mx-auto max-w-xl py-8">
      <h1 className="text-xl" data-testid="withdraw-done">
        {notice}
      </h1>
      <p>これまで{shopName}をご利用いただき、誠にありがとうございました。</p>
      <p>退会手続き完了のお知らせを、ご登録いただいていたメールアドレスにお送りしました。ログイン状態はすべて終了しています。</p>
      <p>またのご利用を心よりお待ちしております。同じメールアドレスで、いつでもあらためて会員登録いただけます。</p>
      <p className="flex flex-wrap gap-3">
        <Link to="/" className="btn-primary no-underline">
          トップページへ
        </Link>
        <Link to="/user/register" className="btn-secondary no-underline">
          新規会員登録
        </Link>
      </p>
    </section>
  );
}
