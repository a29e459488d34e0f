/**
 * The member's address page (spec §2 screen 10): the list with the default marked, add / edit / delete
 * and "make default".
 *
 * Without JS every control is a link or a plain form: /user/profile/addresses/new, …/{id}/edit,
 * …/{id}/delete (a confirmation page) and a POST for the default. With JS the same links open a modal
 * <dialog> instead: the editor validates on the server and then the page posts the whole list as JSON
 * text in a form field (`intent=save_list`, `addresses=[…]`, spec §7); deleting asks
 * 「この配送先を本当に削除しますか？」 in a dialog first.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AddressInput, AddressJson } from "~/core/address-form";
import { ADDRESS_DELETE_CONFIRMATION, listWithSaved } from "~/core/address-book";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { RESULT_ANCHOR } from "~/core/result-anchor";
import { useHydrated } from "~/components/forms/useHydrated";
import { AddressEditor, type SaveOutcome } from "./AddressEditor";
import { AddressSummary } from "./AddressSummary";
import { Dialog } from "../Dialog";

export type AddressBookActionData =
  | { ok: true; intent: string; addresses?: AddressJson[] }
  | { ok: false; intent: string; error: string; errors?: Record<string, string[] | undefined> };

type EditorState = { mode: "add" } | { mode: "edit"; address: AddressJson } | null;

export function AddressBook({ addresses, notice }: { addresses: AddressJson[]; notice: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<AddressBookActionData>();
  const [editor, setEditor] = useState<EditorState>(null);
  const [deleting, setDeleting] = useState<AddressJson | null>(null);
  const [message, setMessage] = useState<string | null>(notice);
  const pendingSave = useRef<((outcome: SaveOutcome) => void) | null>(null);

  // A fetcher answer settles the pending editor save and closes the dialogs.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.intent === "save_list") {
      pendingSave.current?.(result.ok ? { ok: true } : { ok: false, error: result.error });
      pendingSave.current = null;
      if (result.ok) {
        setEditor(null);
        setMessage("お届け先を保存しました。");
      }
    } else if (result.ok) {
      setDeleting(null);
      setMessage(result.intent === "delete" ? "お届け先を削除しました。" : "いつものお届け先を変更しました。");
    } else {
      setMessage(result.error);
    }
  }, [fetcher.state, fetcher.data]);

  function save(value: AddressInput): Promise<SaveOutcome> {
    const editing = editor?.mode === "edit" ? editor.address : null;
    return new Promise((resolve) => {
      pendingSave.current = resolve;
      fetcher.submit({ intent: "save_list", addresses: JSON.stringify(listWithSaved(addresses, value, editing?.id ?? null)) }, { method: "post" });
    });
  }

  const open = (next: EditorState) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setMessage(null);
    setEditor(next);
  };
  const full = addresses.length >= ADDRESS_BOOK_LIMIT;

  return (
    <div className="mx-auto grid max-w-3xl gap-4 py-6">
      <h1 className="m-0 text-xl">お届け先住所の管理</h1>
      <p id={RESULT_ANCHOR} role="status" className={message ? "m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-900" : "sr-only"}>
        {message}
      </p>
      {full ? (
        <p className="m-0 text-sm text-gray-700">お届け先は{ADDRESS_BOOK_LIMIT}件まで登録できます。追加するには不要なお届け先を削除してください。</p>
      ) : (
        <p className="m-0">
          <Link to="/user/profile/addresses/new" className="btn-primary no-underline" onClick={open({ mode: "add" })}>
            ＋ 新しいお届け先を追加
          </Link>
        </p>
      )}
      {addresses.length === 0 ? (
        <p className="m-0 rounded bg-gray-50 p-4 text-sm">登録されているお届け先はありません。</p>
      ) : (
        <ul className="m-0 grid list-none gap-3 p-0" aria-label="登録済みのお届け先">
          {addresses.map((address) => (
            <li key={address.id} className={`card grid gap-3 p-4 ${address.default ? "border-brand" : ""}`}>
              <AddressSummary address={address} headingLevel={2} />
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/user/profile/addresses/${address.id}/edit`}
                  className="btn-secondary no-underline"
                  aria-label={`${address.lastname} ${address.firstname} 様のお届け先を編集`}
                  onClick={open({ mode: "edit", address })}
                >
                  編集
                </Link>
                <Link
                  to={`/user/profile/addresses/${address.id}/delete`}
                  className="btn-secondary no-underline"
                  aria-label={`${address.lastname} ${address.firstname} 様のお届け先を削除`}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    setMessage(null);
                    setDeleting(address);
                  }}
                >
                  削除
                </Link>
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
          ))}
        </ul>
      )}

      {hydrated && editor ? (
        <Dialog title={editor.mode === "add" ? "お届け先を追加" : "お届け先を編集"} onClose={() => setEditor(null)}>
          <AddressEditor address={editor.mode === "edit" ? editor.address : null} onSave={save} onCancel={() => setEditor(null)} />
        </Dialog>
      ) : null}

      {hydrated && deleting ? (
        <Dialog title="お届け先の削除" onClose={() => setDeleting(null)}>
          <div className="grid gap-4">
            <p className="m-0 font-bold">{ADDRESS_DELETE_CONFIRMATION}</p>
            <AddressSummary address={deleting} />
            {fetcher.data && !fetcher.data.ok && fetcher.data.intent === "delete" ? (
              <p role="alert" className="field-error m-0">
                {fetcher.data.error}
              </p>
            ) : null}
            <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={deleting.id} />
              <button type="button" className="btn-secondary" onClick={() => setDeleting(null)}>
                キャンセル
              </button>
              <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
                削除する
              </button>
            </fetcher.Form>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
