/**
 * The catalogue import's queue in integration tests: the apply's and the consumer's messages go to the real
 * (miniflare) producer binding AND are kept here, and `deliverImportQueue` hands them to the exported
 * consumer as the Workers runtime would (a MessageBatch with ack/retry), chunk after chunk, until none is
 * left — the path the Worker takes, without a runtime that runs consumers (the test platform runs none).
 */
import type { TestPlatform } from "./platform";
import { consumeCatalogueImportQueue, type CatalogueImportMessage } from "~/web/catalogue/catalogue-import-queue.server";

const queued = new WeakMap<TestPlatform, CatalogueImportMessage[]>();

/** Keeps every message sent to the platform's import queue (once per platform). */
export function recordImportQueue(platform: TestPlatform): CatalogueImportMessage[] {
  const existing = queued.get(platform);
  if (existing) return existing;
  const messages: CatalogueImportMessage[] = [];
  const binding = platform.env.CATALOGUE_IMPORT_QUEUE;
  platform.env.CATALOGUE_IMPORT_QUEUE = {
    send: async (body: CatalogueImportMessage, options?: QueueSendOptions) => {
      messages.push(body);
      await binding.send(body, options);
    },
    sendBatch: async (batch: Iterable<MessageSendRequest<CatalogueImportMessage>>, options?: QueueSendBatchOptions) => {
      const list = [...batch];
      messages.push(...list.map((entry) => entry.body));
      await binding.sendBatch(list, options);
    },
  } as unknown as Queue;
  queued.set(platform, messages);
  return messages;
}

export interface DeliveredMessage {
  body: CatalogueImportMessage;
  acked: boolean;
  retried: boolean;
}

/** A MessageBatch as the runtime hands the queue handler. */
export function importBatch(bodies: CatalogueImportMessage[]) {
  const delivered: DeliveredMessage[] = bodies.map((body) => ({ body, acked: false, retried: false }));
  const messages = delivered.map((entry, index) => ({
    id: `m${index}`,
    timestamp: new Date(),
    attempts: 1,
    body: entry.body,
    ack: () => void (entry.acked = true),
    retry: () => void (entry.retried = true),
  }));
  const batch = {
    queue: "marketplace-catalogue-import",
    messages,
    ackAll: () => delivered.forEach((entry) => (entry.acked = true)),
    retryAll: () => delivered.forEach((entry) => (entry.retried = true)),
  } as unknown as MessageBatch<CatalogueImportMessage>;
  return { batch, delivered };
}

/** wrangler.toml: a message the consumer retried is delivered again up to 3 times. */
const MAX_RETRIES = 3;

/**
 * Hands the queued messages to the consumer one batch of one at a time (max_batch_size 1) until none is
 * left, delivering a retried message again as the queue does; answers how many invocations acked one.
 */
export async function deliverImportQueue(platform: TestPlatform, db: TestPlatform["db"] = platform.db): Promise<number> {
  const messages = recordImportQueue(platform);
  const retries = new Map<CatalogueImportMessage, number>();
  let acked = 0;
  while (messages.length > 0) {
    const body = messages.shift()!;
    const { batch, delivered } = importBatch([body]);
    await consumeCatalogueImportQueue(batch, platform.env, db);
    if (delivered[0]!.acked) acked += 1;
    else if ((retries.get(body) ?? 0) < MAX_RETRIES) {
      retries.set(body, (retries.get(body) ?? 0) + 1);
      messages.unshift(body);
    } else throw new Error(`import message ${JSON.stringify(body)} failed ${MAX_RETRIES + 1} times`);
  }
  return acked;
}
