/** One part of the account settings page (/user/profile), apart from the forms' Conform code (an island). */
import type { ReactNode } from "react";
import type { SettingsIntent } from "~/core/account/account-settings";

export const settingsAnchor = (intent: SettingsIntent) => `settings-${intent}`;

export function SettingsSection({ intent, title, children }: { intent: SettingsIntent; title: string; children: ReactNode }) {
  const anchor = settingsAnchor(intent);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className="card mt-4 grid gap-3 p-4" data-testid={anchor}>
      <h2 id={`${anchor}-title`} className="m-0 text-base">
        {title}
      </h2>
      {children}
    </section>
  );
}
