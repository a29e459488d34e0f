import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal built on <dialog> (focus trap, Escape and the top layer come from the browser). Rendered only
 * once JS runs — pages show the same content as a plain section or page without JS. `open` is the
 * source of truth; Escape, the close button and a click on the backdrop call `onClose`. Focus returns to
 * whatever had it before the dialog opened.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="max-h-[85vh] w-[min(40rem,calc(100vw-1.5rem))] rounded-lg border-0 p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="grid gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 id={titleId} className="m-0 flex-1 break-words text-base">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="btn-secondary shrink-0 px-3 py-1" aria-label="閉じる">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
