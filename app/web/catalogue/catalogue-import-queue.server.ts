/**
 * The catalogue import's apply on the Queue `marketplace-catalogue-import` (docs/decisions/0019-catalogue-
 * import-queue.md): "apply" puts the import's id on the queue; the consumer (server.ts `queue`) applies one
 * chunk per message and queues the next until the import is done; the 5-minute cron sweep goes on with an
 * import whose chunk stalled. Where nothing consumes the queue (the Vite dev server's platform proxy) and
 * only in local runs, the import's page applies the next chunk itself, through the same claim.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "~/db/client.server";
import { applyNextChunk, stalledImports, type ChunkOutcome } from "~/services/catalogue/catalogue-import-apply.server";
import { isLocalEnvironment } from "../account/session.server";

/** A queue message: the import whose next chunk to apply. */
export interface CatalogueImportMessage {
  importId: number;
}

type ImportEnv = Pick<Env, "APP_ENV" | "ATTACHMENTS"> & { CATALOGUE_IMPORT_QUEUE?: Queue<CatalogueImportMessage> };

/** Queues the import's next chunk; a failed enqueue is caught up by the sweep once the import looks stalled. */
async function queueNextChunk(env: ImportEnv, importId: number): Promise<void> {
  if (!env.CATALOGUE_IMPORT_QUEUE) return;
  await env.CATALOGUE_IMPORT_QUEUE.send({ importId }).catch((error: unknown) => {
    console.error("catalogue import queue: enqueue failed; the sweep will go on", importId, error);
  });
}

/** After the apply started: its first chunk goes on the queue (after the response). */
export function dispatchCatalogueImport(context: AppLoadContext, importId: number): void {
  context.cloudflare.ctx.waitUntil(queueNextChunk(context.cloudflare.env, importId));
}

/** Applies one chunk of the import and queues the next one when more follow. */
async function advance(env: ImportEnv, db: Database, importId: number, now: Date): Promise<ChunkOutcome> {
  const outcome = await applyNextChunk(db, env.ATTACHMENTS, importId, now);
  if (outcome === "more") await queueNextChunk(env, importId);
  return outcome;
}

/**
 * The queue consumer: one chunk per message. A message for an import someone else is applying, or that is
 * over, is acknowledged (that one queues what follows); a fault is retried by the queue, and once the
 * claim it left is stalled, by the sweep.
 */
export async function consumeCatalogueImportQueue(batch: MessageBatch<CatalogueImportMessage>, env: ImportEnv, db: Database): Promise<void> {
  for (const message of batch.messages) {
    try {
      await advance(env, db, message.body.importId, new Date());
      message.ack();
    } catch (error) {
      console.error("catalogue import: chunk failed", message.body.importId, error);
      message.retry();
    }
  }
}

/** The 5-minute sweep: a chunk of each import that stalled (its consumer died, or its next message never came). */
export async function sweepCatalogueImports(env: ImportEnv, db: Database, now: Date): Promise<void> {
  for (const importId of await stalledImports(db, now)) await advance(env, db, importId, now);
}

/**
 * Local runs without a queue consumer (the Vite dev server): opening the import's page applies its next
 * chunk first, through the same claim as the consumer, so an import finishes while its page refreshes.
 */
export async function advanceImportWithoutQueue(context: AppLoadContext, importId: number, now: Date): Promise<void> {
  if (context.cloudflare.queueConsumer || !isLocalEnvironment(context.cloudflare.env)) return;
  await applyNextChunk(context.db, context.cloudflare.env.ATTACHMENTS, importId, now);
}
