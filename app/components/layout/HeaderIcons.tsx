/** Line icons for the header's account items (24×24, drawn in the text colour, hidden from screen readers). */
import type { ReactNode } from "react";

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="block"
    >
      {children}
    </svg>
  );
}

export const BellIcon = () => (
  <Icon>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-4 3.5V16H4z" />
  </Icon>
);

export const PersonIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </Icon>
);

export const PersonPlusIcon = () => (
  <Icon>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 20.5a7 7 0 0 1 12.5-4.3M19 14v6M16 17h6" />
  </Icon>
);

export const LogoutIcon = () => (
  <Icon>
    <path d="M14 4H5v16h9M10 12h10M17 8.5 20.5 12 17 15.5" />
  </Icon>
);

export const CartIcon = () => (
  <Icon>
    <path d="M2.5 3.5h3l2.2 11h10.6l2-8H6.4" />
    <circle cx="9" cy="19.5" r="1.5" />
    <circle cx="17" cy="19.5" r="1.5" />
  </Icon>
);

export const DeskIcon = () => (
  <Icon>
    <path d="M3.5 5h17v11h-17zM8 20h8M12 16v4" />
  </Icon>
);
