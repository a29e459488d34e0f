/**
 * The member's address page (spec §2 screen 10): the list with the default marked, add / edit / delete
 * and "make default".
 *
 * Without JS every control is a link or a plain form: /user/profile/addresses/new, …/{id}/edit,
 * …/{id}/delete (a confirmation page) and a POST for the default. With JS the same links open a modal
 * <dialog> instead: the editor validates on the server and then the page posts that one change
 * (`intent=add`, or `intent=edit` with the address's id and the version shown: core/address/address-changes);
 * deleting asks 「この配送先を本当に削除しますか？」 in a dialog first and posts the id and version. An
 * address changed meanwhile in another tab or device is refused, and the page shows it as it now is.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AddressInput, AddressJson } from "~/core/address/address-form";
import { ADDRESS_DELETE_CONFIRMATION, addressChangeFields } from "~/core/address/address-book";
import { CONNECTION_FAILED_TEXT } from "~/core/site/connection-texts";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import type { AddressBookActionData } from "~/web/types/addresses";
import { useHydrated } from "~/components/forms/useHydrated";
import { island } from "~/components/island";
import type { SaveOutcome } from "./AddressEditor";
import { ADDRESS_ACTIONS, addressActionLabel, AddressSummary } from "./AddressSummary";
import { Dialog } from "../Dialog";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher, type ShopFetcher } from "../connection/useShopFetcher";

// The editor (its validation: Conform, Valibot) opens only when the shopper adds or edits: its code loads after the page.
const AddressEditor = island(() => import("./AddressEditor").then((module) => module.AddressEditor));

type AddressBookFetcher = ShopFetcher<AddressBookActionData>;

/** The dialog open: adding, or editing / deleting an address by id (shown as the book now has it). */
type OpenDialog = { mode: "add" } | { mode: "edit" | "delete"; id: number } | null;

const CHANGE_DONE: Record<string, string> = {
  add: "お届け先を追加しました。",
  edit: "お届け先を更新しました。",
  delete: "お届け先を削除しました。",
  set_default: "いつものお届け先を変更しました。",
};

export function AddressBook({ addresses, notice }: { addresses: AddressJson[]; notice: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useShopFetcher<AddressBookActionData>();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [message, setMessage] = useState<string | null>(notice);
  const pendingSave = useRef<((outcome: SaveOutcome) => void) | null>(null);
  // The book reloads after every change (the page's loader): a dialog shows its address as it now is, and
  // closes when another tab or device deleted it.
  const target = open && open.mode !== "add" ? (addresses.find((address) => address.id === open.id) ?? null) : null;

  // A fetcher answer (after the book reloaded) settles the pending editor save and closes the dialogs. A
  // save that could not be posted (no connection) leaves the editor open with what was typed, saying so.
  useEffect(() => {
    if (fetcher.failed) {
      pendingSave.current?.({ ok: false, error: CONNECTION_FAILED_TEXT });
      pendingSave.current = null;
      return;
    }
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    pendingSave.current?.(result.ok ? { ok: true } : { ok: false, error: result.error });
    pendingSave.current = null;
    if (result.ok) {
      setOpen(null);
      setMessage(CHANGE_DONE[result.intent] ?? null);
    } else {
      setMessage(result.error);
    }
  }, [fetcher.state, fetcher.data, fetcher.failed]);

  // Each change names its address and the version the page shows (a stale page is refused, never saved over).
  function save(value: AddressInput): Promise<SaveOutcome> {
    return new Promise((resolve) => {
      pendingSave.current = resolve;
      const change = target ? { intent: "edit", id: target.id, version: target.version, address: value } : { intent: "add", address: value };
      fetcher.submit(addressChangeFields(change), { method: "post" });
    });
  }

  // With JS the links open a dialog instead of their page.
  const inDialog =
    (show: () => void): OpenHandler =>
    (event) => {
      if (!hydrated) return;
      event.preventDefault();
      setMessage(null);
      show();
    };
  const full = addresses.length >= ADDRESS_BOOK_LIMIT;
  const editing = open?.mode === "add" || (open?.mode === "edit" && target);

  return (
    <div className="mx-auto grid max-w-3xl gap-4 py-6">
      <h1 className="m-0 text-xl">お届け先住所の管理</h1>
      <p id={RESULT_ANCHOR} role="status" className={message ? "m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-900" : "sr-only"}>
        {message}
      </p>
      {/* 「いつものお届け先にする」 could not be posted (the dialogs say it themselves). */}
      <ConnectionNotice failed={fetcher.failed && open === null} onRetry={fetcher.retry} />
      {full ? (
        <p className="m-0 text-sm text-gray-700">お届け先は{ADDRESS_BOOK_LIMIT}件まで登録できます。追加するには不要なお届け先を削除してください。</p>
      ) : (
        <p className="m-0">
          <Link to="/user/profile/addresses/new" className="btn-primary no-underline" onClick={inDialog(() => setOpen({ mode: "add" }))}>
            ＋ 新しいお届け先を追加
          </Link>
        </p>
      )}
      <AddressBookList
        addresses={addresses}
        fetcher={fetcher}
        onEdit={(address) => inDialog(() => setOpen({ mode: "edit", id: address.id }))}
        onDelete={(address) => inDialog(() => setOpen({ mode: "delete", id: address.id }))}
      />

      {hydrated && editing ? (
        <Dialog title={target ? "お届け先を編集" : "お届け先を追加"} onClose={() => setOpen(null)}>
          <AddressEditor address={target} onSave={save} onCancel={() => setOpen(null)} />
        </Dialog>
      ) : null}

      {hydrated && open?.mode === "delete" && target ? <DeleteAddressDialog address={target} fetcher={fetcher} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

type OpenHandler = (event: React.MouseEvent) => void;

/** The saved addresses (or a line saying there are none). */
function AddressBookList({
  addresses,
  fetcher,
  onEdit,
  onDelete,
}: {
  addresses: AddressJson[];
  fetcher: AddressBookFetcher;
  onEdit: (address: AddressJson) => OpenHandler;
  onDelete: (address: AddressJson) => OpenHandler;
}) {
  if (addresses.length === 0) return <p className="m-0 rounded bg-gray-50 p-4 text-sm">登録されているお届け先はありません。</p>;
  return (
    <ul className="m-0 grid list-none gap-3 p-0" aria-label="登録済みのお届け先">
      {addresses.map((address) => (
        <AddressBookEntry key={address.id} address={address} fetcher={fetcher} onEdit={onEdit(address)} onDelete={onDelete(address)} />
      ))}
    </ul>
  );
}

/** One saved address with its edit and delete links and, unless it is the default, the button that makes it so. */
function AddressBookEntry({
  address,
  fetcher,
  onEdit,
  onDelete,
}: {
  address: AddressJson;
  fetcher: AddressBookFetcher;
  onEdit: OpenHandler;
  onDelete: OpenHandler;
}) {
  return (
    <li className={`card grid gap-3 p-4 ${address.default ? "border-brand" : ""}`}>
      <AddressSummary address={address} headingLevel={2} />
      <div className="flex flex-wrap gap-2">
        {(["edit", "delete"] as const).map((action) => (
          <Link
            key={action}
            to={`/user/profile/addresses/${address.id}/${action}`}
            className="btn-secondary no-underline"
            aria-label={addressActionLabel(address, action)}
            onClick={action === "edit" ? onEdit : onDelete}
          >
            {ADDRESS_ACTIONS[action]}
          </Link>
        ))}
        {address.default ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="set_default" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" className="btn bg-gray-100 text-gray-800 hover:bg-gray-200">
              いつものお届け先にする
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}

/** With JS: 「この配送先を本当に削除しますか？」 before the delete is posted. */
function DeleteAddressDialog({ address, fetcher, onClose }: { address: AddressJson; fetcher: AddressBookFetcher; onClose: () => void }) {
  return (
    <Dialog title="お届け先の削除" onClose={onClose}>
      <div className="grid gap-4">
        <p className="m-0 font-bold">{ADDRESS_DELETE_CONFIRMATION}</p>
        <AddressSummary address={address} />
        <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
        {fetcher.data && !fetcher.data.ok && fetcher.data.intent === "delete" ? (
          <p role="alert" className="field-error m-0">
            {fetcher.data.error}
          </p>
        ) : null}
        <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <input type="hidden" name="version" value={address.version} />
          <button type="button" className="btn-secondary" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            削除する
          </button>
        </fetcher.Form>
      </div>
    </Dialog>
  );
}
