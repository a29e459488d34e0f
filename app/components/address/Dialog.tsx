import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * A modal <dialog> (JS only: render it after hydration). Mounted = open: showModal() on mount gives the
 * focus trap, Esc and the backdrop for free; closing (Esc, ×, or unmounting) calls `onClose`. It is
 * portalled to <body>, so a dialog opened from inside another form (the checkout) holds its own form.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => close.current()}
      className="m-auto max-h-[92dvh] w-[calc(100%-1rem)] max-w-xl overflow-y-auto rounded-lg border-0 p-0 text-gray-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="sticky top-0 z-1 flex items-center justify-between gap-2 border-0 border-b border-solid border-gray-200 bg-white px-4 py-2">
        <h2 id={titleId} className="m-0 text-base">
          {title}
        </h2>
        <button type="button" className="btn bg-transparent px-2 text-xl text-gray-700" aria-label="閉じる" onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>,
    document.body,
  );
}
