/**
 * The browser the e2e tests (and the bench) drive: Debian's Chromium, with the Noto CJK fonts so Japanese
 * text is drawn with real glyphs (the phone-layout tests measure it). The tests drive its headless shell
 * (`chromium-headless-shell`, the same engine without the desktop browser around it: a third less CPU per
 * test on 2 cores); Lighthouse in the bench drives the full browser, whose headless mode it is measured in.
 * `ensureBrowser()` finds the shell (CHROMIUM_PATH, /usr/bin/chromium-headless-shell, the full browser as a
 * fallback), installs it and the fonts from Debian when it can (root and apt-get), or says in one line what
 * to run. `npx playwright install` cannot help: its browser downloads are not reachable here, and
 * Playwright drives this Chromium through `executablePath`.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

export const BROWSER_SETUP_HINT =
  "Browser tests need Chromium and Japanese fonts: run `sudo apt-get install chromium-headless-shell fonts-noto-cjk` (or set CHROMIUM_PATH to a Chromium binary), then `npm test` again.";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  const path = found.status === 0 ? found.stdout.trim() : "";
  return path && executable(path) ? path : null;
}

/**
 * The Chromium binary to use, if there is one: CHROMIUM_PATH first, then Debian's headless shell (for
 * `kind: "shell"`, the tests' default) and Debian's full browser.
 */
export function findChromium(env: Record<string, string | undefined> = process.env, kind: "shell" | "full" = "shell"): string | null {
  const debian = kind === "shell" ? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] : ["/usr/bin/chromium"];
  const candidates = [env.CHROMIUM_PATH, ...debian].filter((path): path is string => Boolean(path));
  return candidates.find(executable) ?? (kind === "shell" ? onPath("chromium-headless-shell") : null) ?? onPath("chromium");
}

function hasJapaneseFonts(): boolean {
  const fonts = spawnSync("fc-list", [":lang=ja", "family"], { encoding: "utf8" });
  return fonts.status === 0 && /Noto Sans CJK/i.test(fonts.stdout);
}

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && onPath("apt-get") != null;
}

function aptInstall(packages: string[]): boolean {
  console.log(`Installing ${packages.join(" and ")} from Debian (apt-get) for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  return spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env }).status === 0;
}

/**
 * The Chromium binary for the browser tests, with the Japanese fonts in place, installing both when it
 * can. Answers null after printing BROWSER_SETUP_HINT when neither is possible.
 */
export function ensureBrowser(): string | null {
  let chromium = findChromium();
  const shell = chromium != null && /headless-shell/.test(chromium);
  const missing = [...(shell || process.env.CHROMIUM_PATH ? [] : ["chromium-headless-shell"]), ...(hasJapaneseFonts() ? [] : ["fonts-noto-cjk"])];
  if (missing.length > 0 && canInstallWithApt() && aptInstall(missing)) {
    chromium = findChromium();
  }
  if (!chromium || !hasJapaneseFonts()) {
    console.error(BROWSER_SETUP_HINT);
    return null;
  }
  return chromium;
}
