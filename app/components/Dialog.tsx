import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * A modal <dialog> (JS only: render it after hydration; pages offer the same content as a plain section
 * or page without JS). Mounted = open: showModal() on mount gives the focus trap, Escape and the top
 * layer; Escape or × call `onClose`, and so does a click on the backdrop when `closeOnBackdrop` (dialogs
 * holding a form keep what was typed). Unmounting closes it and gives the focus back to what had it.
 * It is portalled to <body>, so a dialog opened from inside another form (the checkout) holds its own form.
 */
export function Dialog({
  title,
  onClose,
  children,
  testId,
  closeOnBackdrop = false,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  closeOnBackdrop?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    const returnFocus = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, []);

  return createPortal(
    // The backdrop click is a pointer shortcut for what the keyboard already has: Escape (native to a modal
    // <dialog>, answered by onClose) and the × button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={(event) => {
        // A close event arrives after the fact: React's StrictMode (development) unmounts and mounts every
        // effect once more, so the cleanup's close() is answered by an event when the dialog is open again.
        if (!event.currentTarget.open) close.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (closeOnBackdrop && event.target === event.currentTarget) ref.current?.close();
      }}
      className="m-auto max-h-[92dvh] w-[calc(100%-1rem)] max-w-xl overflow-y-auto rounded-lg border-0 p-0 text-gray-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="sticky top-0 z-1 flex items-center justify-between gap-2 border-0 border-b border-solid border-gray-200 bg-white px-4 py-2">
        <h2 id={titleId} className="m-0 break-words text-base">
          {title}
        </h2>
        <button type="button" className="btn bg-transparent px-2 text-xl text-gray-700" aria-label="閉じる" onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      <div className="grid gap-3 p-4">{children}</div>
    </dialog>,
    document.body,
  );
}
