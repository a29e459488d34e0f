import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A member page's breadcrumb (マイページ › …) and heading. `trail` lists the pages between, e.g. the order list. */
export function MemberHeading({ title, trail = [], children }: { title: string; trail?: { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <div className="mt-4 grid gap-1 print:hidden">
      <nav aria-label="パンくずリスト" className="text-xs">
        <ol className="m-0 flex flex-wrap gap-1 p-0">
          {[{ to: "/user", label: "マイページ" }, ...trail].map((crumb) => (
            <li key={crumb.to} className="list-none">
              <Link to={crumb.to}>{crumb.label}</Link>
              <span aria-hidden="true" className="ml-1 text-gray-500">
                ›
              </span>
            </li>
          ))}
          <li className="list-none text-gray-700" aria-current="page">
            {title}
          </li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 break-all text-xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
