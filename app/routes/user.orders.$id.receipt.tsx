/**
 * The receipt (領収書) of one of the member's orders, fit to print or save as PDF: a qualified invoice
 * (適格請求書) with the seller's registration number and the tax-included amount and tax per rate. The
 * member may set the addressee and memo (宛名・但し書き); they are saved on the order (POST, PRG).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { ReceiptPage } from "~/components/member/receipt/ReceiptPage";
import { receiptAvailable, receiptUnavailableReason } from "~/core/orders/orders";
import { parseReceiptFields } from "~/core/orders/receipt";
import { fieldsOf, idParam, redirectedNotice } from "~/web/input.server";
import { invariantResponse, readFormData, redirectWithNotice } from "~/web/http.server";
import type { ReceiptActionData } from "~/web/types/orders";
import { loadReceipt, ORDER_NOT_FOUND_MESSAGE, saveReceiptFields } from "~/services/orders/orders.server";
import { shopNameOf } from "~/components/layout/page-title";
import { sellerFacts } from "~/core/settings/shop-settings";
import { settingsInForce } from "~/web/settings/shop-settings.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `領収書 ${loaded?.receipt.number ?? ""} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const NOTICES = { saved: "宛名・但し書きを保存しました。" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [receipt, shop] = await Promise.all([loadReceipt(context.db, user.id, idParam(params.id, "注文ID")), settingsInForce(context)]);
  invariantResponse(receipt, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  const issuedAt = new Date();
  const headers = { "Cache-Control": "private, no-store" };
  const unavailable = receiptUnavailableReason(receipt.status);
  const seller = sellerFacts(shop);
  return data({ receipt, issuedAt, unavailable, notice: redirectedNotice(request, NOTICES), seller }, { status: unavailable ? 409 : 200, headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const orderId = idParam(params.id, "注文ID");
  const form = fieldsOf(await readFormData(request));
  const parsed = parseReceiptFields({ receipt_name: form.receipt_name, receipt_memo: form.receipt_memo });
  if (!parsed.ok) return data<ReceiptActionData>({ errors: parsed.errors }, { status: 400 });
  const receipt = await loadReceipt(context.db, user.id, orderId);
  invariantResponse(receipt, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  if (!receiptAvailable(receipt.status)) return data<ReceiptActionData>({ errors: { form: "この注文の領収書はまだ発行できません。" } }, { status: 409 });
  await saveReceiptFields(context.db, user.id, orderId, parsed.value);
  throw redirectWithNotice(`/user/orders/${orderId}/receipt`, "saved");
}

export default function ReceiptRoute() {
  return <ReceiptPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />;
}
