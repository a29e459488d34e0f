import { Form, useNavigation } from "@remix-run/react";
import { CarrierOptions } from "~/components/orders/CarrierOptions";

/** 発送済みにする: the carrier and the slip's tracking number, with the refusal of the last try. */
export function ShipForm({ error, field }: { error: string | null; field?: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="card grid gap-3 p-3" aria-labelledby="ship-heading">
      <h2 id="ship-heading" className="m-0 text-base">
        発送済みにする
      </h2>
      <input type="hidden" name="intent" value="ship" />
      <label className="grid gap-1 text-sm">
        配送業者
        <select name="carrier" className="field" defaultValue="yamato" aria-invalid={field === "carrier" || undefined}>
          <CarrierOptions />
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        お問い合わせ番号（伝票番号）
        <input
          name="trackingNumber"
          className="field"
          inputMode="numeric"
          autoComplete="off"
          required
          aria-invalid={field === "trackingNumber" || undefined}
          aria-describedby={error ? "ship-error" : undefined}
        />
      </label>
      {error ? (
        <p id="ship-error" role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        発送済みにする
      </button>
      <p className="m-0 text-xs text-gray-600">お客様に出荷のお知らせ（お問い合わせ番号つき）が届きます。</p>
    </Form>
  );
}
