import { describe, expect, it } from "vitest";
import { currentNavPath } from "~/core/site/navigation";

describe("the current link of a navigation", () => {
  const paths = [{ to: "/crm", end: true }, ...["/crm/tickets", "/crm/tickets/report", "/crm/products", "/crm/products/import"].map((to) => ({ to }))];
  it("is the nearest link the page lies under, never two", () => {
    expect(currentNavPath(paths, "/crm/tickets")).toBe("/crm/tickets");
    expect(currentNavPath(paths, "/crm/tickets/12")).toBe("/crm/tickets");
    expect(currentNavPath(paths, "/crm/tickets/report")).toBe("/crm/tickets/report");
    expect(currentNavPath(paths, "/crm/products/import")).toBe("/crm/products/import");
    expect(currentNavPath(paths, "/crm/products/5/edit")).toBe("/crm/products");
  });
  it("is none for a page under no link, or one that only shares a prefix", () => {
    expect(currentNavPath(paths, "/crm/ticketsx")).toBeUndefined();
    expect(currentNavPath(paths, "/crm/orders")).toBeUndefined();
  });
  it("marks a section's home only on its own page", () => {
    expect(currentNavPath(paths, "/crm")).toBe("/crm");
    expect(currentNavPath(paths, "/crm/stock")).toBeUndefined();
  });
});
