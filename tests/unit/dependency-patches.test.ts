/**
 * Every diff under patches/ (decision 0038) is in the installed dependency: each line a patch adds is in
 * the file it patches. patch-package fails the install when a patch no longer applies; this catches an
 * install that skipped it (`npm ci --ignore-scripts`, a package manager without the postinstall) and a
 * patch file edited by hand without being applied. What each patch does is tested beside it: the server's
 * route matching (server-route-matching.test), RemixBrowser's transitions (e2e islands.spec), a cut data
 * answer (turbo-stream-cut.test).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const PATCHES = join(process.cwd(), "patches");

/** The files a patch changes, each with the lines it adds (diff headers `+++ b/<path>` name them). */
function addedLinesByFile(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split("\n")) {
    if (line.startsWith("+++ b/")) {
      current = [];
      files.set(line.slice("+++ b/".length), current);
    } else if (line.startsWith("+") && current) {
      current.push(line.slice(1));
    }
  }
  return files;
}

describe("dependency patches (decision 0038)", () => {
  const patchFiles = readdirSync(PATCHES).filter((name) => name.endsWith(".patch"));

  it("has the patches the decisions name", () => {
    expect(patchFiles.map((name) => name.replace(/\+[^+]+\.patch$/, "").replace("+", "/")).sort()).toEqual(
      ["@remix-run/react", "@remix-run/router", "miniflare", "react-router-dom", "turbo-stream"].sort(),
    );
  });

  for (const name of patchFiles) {
    it(`${name} is applied in node_modules`, () => {
      const changed = addedLinesByFile(readFileSync(join(PATCHES, name), "utf8"));
      expect(changed.size).toBeGreaterThan(0);
      for (const [file, added] of changed) {
        const installed = readFileSync(join(process.cwd(), file), "utf8");
        const missing = added.filter((line) => line.trim() !== "" && !installed.includes(line));
        expect(missing, `${file}: lines of ${name} not found`).toEqual([]);
      }
    });
  }
});
