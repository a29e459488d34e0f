/** Small process helpers shared by the setup, test and bench scripts. */
import { spawn, type ChildProcess } from "node:child_process";

export const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false" };

/** Runs a command, streaming its output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: options.env ?? WRANGLER_ENV });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Starts a long-running process (a server) in its own process group so it can be stopped with all children. */
export function start(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): ChildProcess {
  return spawn(command, args, {
    stdio: options.quiet ? "ignore" : "inherit",
    env: options.env ?? WRANGLER_ENV,
    detached: true,
  });
}

export function stop(child: ChildProcess): void {
  if (child.pid != null && child.exitCode == null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Waits until the URL answers (any HTTP status), or throws after the timeout. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The value after a `--name` flag, if given. */
export function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Waits until nothing answers at the URL any more (a stopped server let go of its port). */
export async function waitForClosed(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
      await new Promise((resolve) => setTimeout(resolve, 300));
    } catch {
      return;
    }
  }
  throw new Error(`${url} still answers after ${timeoutMs} ms`);
}
