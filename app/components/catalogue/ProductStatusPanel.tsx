import { Form, Link } from "@remix-run/react";
import { formatDateTime } from "~/core/dates";
import { PRODUCT_STATE_LABELS, PRODUCT_STATUS_ACTION_LABELS } from "~/core/catalogue/product-status";
import type { EditorProductSummary } from "~/web/types/catalogue-editor";

/** The product's state with the moves it allows, its links (shop page, private link, photos, stock) and duplication. */
export function ProductStatusPanel({ product, error }: { product: EditorProductSummary; error: string | null }) {
  return (
    <section aria-labelledby="product-state" className="card mt-4 grid gap-3 p-4">
      <h2 id="product-state" className="m-0 text-base">
        公開状態：<span data-testid="product-state">{PRODUCT_STATE_LABELS[product.state]}</span>
      </h2>
      <p className="m-0 text-xs text-gray-600">
        {product.publishedAt ? `初回公開 ${formatDateTime(product.publishedAt)}` : "未公開"}
        {product.updatedAt ? `・最終更新 ${formatDateTime(product.updatedAt)}` : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {product.actions.map((action) => (
          <Form key={action} method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value={action} />
            <input type="hidden" name="revision" value={product.revision} />
            <button type="submit" className={action === "publish" ? "btn-primary text-sm" : "btn-secondary text-sm"} data-testid={`status-${action}`}>
              {PRODUCT_STATUS_ACTION_LABELS[action]}
            </button>
          </Form>
        ))}
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <button type="submit" className="btn-secondary text-sm" data-testid="product-duplicate">
            複製する
          </button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className="field-error m-0" data-testid="product-status-error">
          {error}
        </p>
      ) : null}
      <ul className="m-0 grid gap-1 p-0 text-sm">
        {product.publicPath ? (
          <li className="list-none">
            <a href={product.publicPath} data-testid="product-public-link">
              ショップの商品ページを開く
            </a>
          </li>
        ) : null}
        {product.privateLink ? (
          <li className="list-none">
            限定リンク：
            <a href={product.privateLink} data-testid="product-private-link" className="break-all">
              {product.privateLink}
            </a>
          </li>
        ) : null}
        <li className="list-none">
          <Link to={product.paths.images} data-testid="product-images-link">
            商品画像を管理する
          </Link>
        </li>
        <li className="list-none">
          <Link to={product.paths.stock} data-testid="product-stock-link">
            在庫の入荷・修正と履歴
          </Link>
        </li>
      </ul>
    </section>
  );
}
