/** How `npm test` finds the browser for the e2e tests (scripts/lib/browser.ts). */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findChromium } from "../../scripts/lib/browser";

function fakeBinary(mode: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "chromium-")), "chromium");
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, mode);
  return file;
}

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first when it is an executable", () => {
    const binary = fakeBinary(0o755);
    expect(findChromium({ CHROMIUM_PATH: binary })).toBe(binary);
  });

  it("passes over a CHROMIUM_PATH that cannot run, to Debian's headless shell or full browser", () => {
    const notRunnable = fakeBinary(0o644);
    const found = findChromium({ CHROMIUM_PATH: notRunnable });
    expect(found).not.toBe(notRunnable);
    expect(found === null || /chromium(-headless-shell)?$/.test(found)).toBe(true);
  });

  it("gives Lighthouse the full browser, never the headless shell", () => {
    const found = findChromium({}, "full");
    expect(found === null || found.endsWith("/chromium")).toBe(true);
  });
});
