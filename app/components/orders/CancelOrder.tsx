import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useShopFetcher } from "~/components/connection/useShopFetcher";
import { Dialog } from "~/components/Dialog";
import { useHydrated } from "~/components/forms/useHydrated";
import type { CancellationPreview } from "~/core/orders/shopper-cancellation";
import type { CancelActionData, CancellationOffer } from "~/web/types/orders";

export const CANCEL_BUTTON_LABEL = "この注文をキャンセルする";

/** What cancelling will do: the items going back and every other consequence, in the order's figures. */
export function CancellationSummary({ preview }: { preview: CancellationPreview }) {
  return (
    <div className="grid gap-2 text-sm" data-testid="cancellation-summary">
      <p className="m-0 font-bold">キャンセルする商品</p>
      <ul className="m-0 pl-5">
        {preview.items.map((item, index) => (
          <li key={index}>
            {item.title} × {item.quantity}
          </li>
        ))}
      </ul>
      <p className="m-0 font-bold">キャンセルすると</p>
      <ul className="m-0 grid gap-1 pl-5">
        {preview.consequences.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}

function CancelFields({ offer }: { offer: CancellationOffer }) {
  return (
    <>
      <input type="hidden" name="intent" value="cancel" />
      {Object.entries(offer.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function RefusalMessage({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="cancel-error">
      {error}
    </p>
  );
}

/** The confirmation step as a page (without JS): a plain form post, answered by a redirect or the refusal. */
export function CancelOrderForm({
  offer,
  error,
  connectionFailed = false,
  backHref,
}: {
  offer: CancellationOffer;
  error: string | null;
  /** The post got no answer (no connection): its button sends it again. */
  connectionFailed?: boolean;
  backHref: string;
}) {
  return (
    <Form method="post" action={offer.action} className="grid gap-3">
      <RefusalMessage error={error} />
      <ConnectionNotice failed={connectionFailed} />
      <CancellationSummary preview={offer.preview} />
      <CancelFields offer={offer} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" data-testid="confirm-cancel">
          キャンセルを確定する
        </button>
        <Link to={backHref} className="btn-secondary no-underline">
          キャンセルせずに戻る
        </Link>
      </div>
    </Form>
  );
}

/** The same step in a dialog (with JS): the post goes through a fetcher; a refusal stays in the dialog. */
function CancelDialog({ offer, onClose }: { offer: CancellationOffer; onClose: () => void }) {
  const fetcher = useShopFetcher<CancelActionData>();
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    // A cancellation ends in a redirect to the order page (no data): the dialog's work is done. A post that
    // failed (no connection) has no data either: the dialog stays, saying so.
    if (sent && fetcher.state === "idle" && !fetcher.data && !fetcher.failed) onClose();
  }, [sent, fetcher.state, fetcher.data, fetcher.failed, onClose]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : null;
  // Closed after a refusal: the page shows the order as it now is (shipped meanwhile, cancelled already …).
  const close = () => {
    onClose();
    if (error) revalidator.revalidate();
  };
  return (
    <Dialog title="ご注文のキャンセル" onClose={close} testId="cancel-dialog">
      <RefusalMessage error={error} />
      {error ? (
        <button type="button" className="btn-secondary justify-self-start" onClick={close}>
          閉じる
        </button>
      ) : (
        <fetcher.Form method="post" action={offer.action} className="grid gap-3" onSubmit={() => setSent(true)}>
          <CancellationSummary preview={offer.preview} />
          <CancelFields offer={offer} />
          <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={busy} data-testid="confirm-cancel">
              {busy ? "キャンセルしています…" : "キャンセルを確定する"}
            </button>
            <button type="button" className="btn-secondary" onClick={close}>
              キャンセルせずに戻る
            </button>
          </div>
        </fetcher.Form>
      )}
    </Dialog>
  );
}

/**
 * The order page's offer to cancel while nothing has shipped: a link to the confirmation page, which with
 * JS opens the same confirmation in a dialog instead.
 */
export function CancelOrderOffer({ offer }: { offer: CancellationOffer }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="order-cancel" className="card p-4 text-sm" data-testid="cancel-offer">
      <h2 id="order-cancel" className="m-0 mb-1 text-base">
        ご注文のキャンセル
      </h2>
      <p className="m-0 mb-2">発送前のため、このご注文はキャンセルできます。</p>
      <Link
        to={offer.confirmHref}
        className="btn-secondary no-underline"
        data-testid="cancel-order"
        onClick={(event) => {
          // A plain click opens the dialog; a click meant for a new tab keeps the link's own behaviour.
          if (!hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {CANCEL_BUTTON_LABEL}
      </Link>
      {open ? <CancelDialog offer={offer} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
