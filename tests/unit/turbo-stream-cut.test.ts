/**
 * The turbo-stream patch (decision 0038, issue 34 item 24): a data answer cut after its value was decoded —
 * what happens whenever a newer navigation or submit aborts a load mid-stream — must not leave an unhandled
 * rejection. Remix's single fetch uses the decoded value and never awaits `done`; unpatched, the cut surfaced
 * twice as an uncaught "AbortError: signal is aborted without reason" in the browser.
 */
import { decode } from "turbo-stream";
import { afterEach, describe, expect, it } from "vitest";

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off("unhandledRejection", record);
  unhandled.length = 0;
});

/** A single-fetch answer whose first line (the value) arrived, then the connection was aborted. */
async function cutAnswer() {
  let source!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      source = controller;
      controller.enqueue(new TextEncoder().encode('[{"_1":2},"price",1980]\n'));
    },
  });
  const decoded = await decode(body);
  const abort = new DOMException("signal is aborted without reason", "AbortError");
  source.error(abort);
  return { decoded, abort };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("turbo-stream decode of a cut answer (patched)", () => {
  it("delivers the value and leaves no unhandled rejection when no one awaits done", async () => {
    process.on("unhandledRejection", record);
    const { decoded } = await cutAnswer();
    expect(decoded.value).toEqual({ price: 1980 });
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("still reports the cut to a caller that awaits done", async () => {
    process.on("unhandledRejection", record);
    const { decoded, abort } = await cutAnswer();
    await expect(decoded.done).rejects.toBe(abort);
    await settle();
    expect(unhandled).toEqual([]);
  });
});
