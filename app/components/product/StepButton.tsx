import type { ReactNode } from "react";

/**
 * A quantity stepper (− / ＋). They work with JS only: until hydration they keep their place, unseen and
 * out of reach, so that hydration moves nothing the shopper may be tapping.
 */
export function StepButton({
  label,
  hydrated,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hydrated: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn-secondary w-10 ${hydrated ? "" : "invisible"}`}
      aria-label={label}
      aria-hidden={!hydrated || undefined}
      tabIndex={hydrated ? undefined : -1}
      disabled={!hydrated || disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
