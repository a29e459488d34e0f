import type { ProductNote } from "~/core/catalogue/product-notes";

/** Expiry, shipping, cold-shipping, digital and wrapping notes (spec screen 7), worded by app/core/catalogue/product-notes. */
export function ProductNotices({ notes }: { notes: ProductNote[] }) {
  return (
    <dl className="m-0 grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 rounded bg-gray-50 p-3 text-sm" data-testid="product-notices">
      {notes.map((note) => (
        <div key={note.label} className="contents">
          <dt className="font-bold text-gray-700">{note.label}</dt>
          <dd className="m-0">{note.text}</dd>
        </div>
      ))}
    </dl>
  );
}
