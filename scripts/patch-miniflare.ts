/**
 * postinstall: mends a race in miniflare's SynchronousFetcher (the channel getPlatformProxy's bindings use
 * for synchronous calls such as D1's prepare()). It reads the worker thread's answer right after being
 * notified; on a loaded machine the answer can land a moment later, so the read finds nothing, the call
 * fails with "AssertionError: false == true", and every later call of that proxy reads the previous call's
 * answer. Seen in CI as whole integration test files failing. The mend waits (up to 30 s) for the answer
 * to THIS call and skips a late answer to an earlier one. Runs only where the exact code is found; decision
 * 0021 says when to drop it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const file = createRequire(import.meta.url).resolve("miniflare");
const source = readFileSync(file, "utf8");
const MARK = "/* marketplace: wait for this call's answer */";
const ORIGINAL = `    const message = (0, import_node_worker_threads.receiveMessageOnPort)(
      this.#channel.port1
    )?.message;
    (0, import_node_assert13.default)(message?.id === id);`;
const MENDED = `    ${MARK}
    const receive = () => (0, import_node_worker_threads.receiveMessageOnPort)(this.#channel.port1)?.message;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 30000;
    let message = receive();
    while ((message === undefined || message.id < id) && Date.now() < deadline) {
      if (message === undefined) Atomics.wait(pause, 0, 0, 1);
      message = receive();
    }
    (0, import_node_assert13.default)(message?.id === id);`;

if (source.includes(MARK)) {
  console.log("patch-miniflare: already mended");
} else if (source.includes(ORIGINAL)) {
  writeFileSync(file, source.replace(ORIGINAL, MENDED));
  console.log("patch-miniflare: SynchronousFetcher waits for its own answer");
} else {
  console.warn("patch-miniflare: miniflare's SynchronousFetcher changed; nothing mended (see decision 0021)");
}
