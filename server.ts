/** The Worker entry: static assets are served by Workers assets; everything else goes to Remix. */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`.
import * as build from "./build/server/index.js";
import { createDatabase, emptyD1Usage } from "./app/db/client.server";
import { getLoadContext } from "./app/load-context";
import { finishResponse, refuseCrossSiteMutation, requestForRemix } from "./app/security.server";
import { lapseUnpaidOrders } from "./app/services/orders/order-cancellation.server";
import { loadShopSettings } from "./app/services/settings/shop-settings.server";
import { purgeExpiredSessions } from "./app/services/account/sessions.server";
import { writeUpcomingDeliveryMails } from "./app/services/member/subscriptions.server";
import { runTicketMaintenance } from "./app/services/tickets/ticket-status.server";
import { purgeWithdrawalMails } from "./app/services/account/withdrawal.server";
import { negotiateJsonRequest } from "./app/core/site/content-negotiation";
import { answerWithEdgeCache, type RecentPage } from "./app/web/site/edge-cache.server";
import { withD1Bookmark } from "./app/web/site/d1-sessions.server";
import { RecentPages } from "./app/core/site/recent-pages";
import { ShopSettingsCache } from "./app/core/settings/settings-cache";
import { detachSiteStylesheets } from "./app/web/site/site-styles.server";
import { consumeMailQueue, sweepMail, type MailQueueMessage } from "./app/web/mail/mail.server";
import { consumeCatalogueImportQueue, sweepCatalogueImports, type CatalogueImportMessage } from "./app/web/catalogue/catalogue-import-queue.server";
import { purgeOldInboundRaw, receiveSupportMail } from "./app/web/tickets/inbound-mail.server";
import { scanLowStock } from "./app/services/alerts/low-stock-alerts.server";
import { writeDailyDigests } from "./app/services/alerts/alert-digests.server";
import { archiveOldOrders } from "./app/services/archive/order-archive.server";

/** wrangler.toml [triggers]: the hourly maintenance; the other cron is the 5-minute mail sweep. */
const HOURLY_CRON = "17 * * * *";

/** wrangler.toml [[queues.consumers]]: each queue's name. */
const MAIL_QUEUE = "marketplace-mail";
const CATALOGUE_IMPORT_QUEUE = "marketplace-catalogue-import";

// The site's stylesheet is inlined in each document (app/web/site/site-styles.server.ts), never linked.
const serverBuild = build as unknown as ServerBuild;
const siteStylesheets = detachSiteStylesheets(serverBuild.assets);
const handleRemixRequest = createRequestHandler({ ...serverBuild, assets: siteStylesheets.assets });

/**
 * The edge cache's pages, one cache per build: a page stored before a deployment names the old build's
 * scripts and styles, which are gone after it, so a new build never reads the old build's pages.
 */
let pageCache: Promise<Cache> | null = null;
const buildPageCache = () => (pageCache ??= caches.open(`pages-${serverBuild.assets.version}`));
/** The pages this isolate answers from memory for a few seconds (decision 0031). */
const recentPages = new RecentPages<RecentPage>();
/** The shop settings this isolate reads at most every 30 s (decision 0057). */
const settingsCache = new ShopSettingsCache();

export default {
  async fetch(received, env, ctx) {
    const refused = refuseCrossSiteMutation(received);
    if (refused) return finishResponse(refused, env, emptyD1Usage(), received);
    const request = requestForRemix(received);
    const edgeCache = { cache: await buildPageCache(), keyOrigin: env.SHOP_ORIGIN, recentPages };
    const render = async (request: Request) => {
      const loadContext = {
        ...getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf, queueConsumer: true } }, serverRoutes: serverBuild.routes }),
        siteStylesheets: siteStylesheets.hrefs,
        edgeCache,
        settingsCache,
      };
      // The visitor's bookmark goes on the answer before the edge cache sees it (an answer with a cookie is never stored).
      const response = withD1Bookmark(await handleRemixRequest(negotiateJsonRequest(request), loadContext), request, loadContext);
      return { response, d1Usage: loadContext.d1Usage };
    };
    const { response, d1Usage } = await answerWithEdgeCache(request, env, ctx, edgeCache, render);
    return finishResponse(response, env, d1Usage, request);
  },
  /**
   * Cron (wrangler.toml [triggers]): every 5 minutes, due e-mail the queue did not send (the mails of the
   * jobs here go out that way), catalogue imports whose chunk stalled, and products newly low on stock
   * (staff alerted); hourly, unpaid 銀行振込 orders past their deadline are cancelled (staff alerted), the daily
   * digests go from their hour on (decision 0058), tickets
   * waiting 7 days for confirmation close, unsent uploads go, members hear about subscription deliveries
   * coming up within a week, idle sessions are deleted, and so are withdrawn members' old "done" mails and
   * received support mails' raw messages past 30 days, and a bounded batch of closed orders past 5 years
   * moves to the R2 archive (decision 0068).
   */
  async scheduled(controller, env, ctx) {
    // The jobs read and write through the binding itself, which D1 runs at the primary (no session: decision 0067).
    const db = createDatabase(env.DB);
    const now = new Date(controller.scheduledTime);
    // The settings in force now (read once per run): the footer of the mails the jobs write.
    const shop = await loadShopSettings(db);
    const frame = { origin: env.SHOP_ORIGIN, shop };
    if (controller.cron !== HOURLY_CRON) {
      ctx.waitUntil(Promise.all([sweepMail(env, db, now), sweepCatalogueImports(env, db, now), scanLowStock(db, frame, now)]));
      return;
    }
    ctx.waitUntil(
      Promise.all([
        lapseUnpaidOrders(db, frame, now),
        writeDailyDigests(db, frame, now),
        runTicketMaintenance(db, env.ATTACHMENTS, { origin: env.SHOP_ORIGIN, supportAddress: env.SUPPORT_ADDRESS, linkSecret: env.SESSION_SECRET, shop }, now),
        writeUpcomingDeliveryMails(db, now),
        purgeExpiredSessions(db, now),
        purgeWithdrawalMails(db, now),
        purgeOldInboundRaw(db, env.ATTACHMENTS, now),
        archiveOldOrders(db, env.ATTACHMENTS, now),
      ]),
    );
  },
  /** Email Routing: a mail to the support address (or a ticket's `support+{token}@`) is filed for the desk. */
  async email(message, env) {
    await receiveSupportMail(message, env, createDatabase(env.DB));
  },
  /** The queues (wrangler.toml [[queues.consumers]]): mail sends the outbox messages named; imports apply their next chunk. */
  async queue(batch, env) {
    const db = createDatabase(env.DB);
    switch (batch.queue) {
      case MAIL_QUEUE:
        return consumeMailQueue(batch as MessageBatch<MailQueueMessage>, env, db);
      case CATALOGUE_IMPORT_QUEUE:
        return consumeCatalogueImportQueue(batch as MessageBatch<CatalogueImportMessage>, env, db);
      default:
        console.error("queue: no consumer for", batch.queue);
        batch.retryAll();
    }
  },
} satisfies ExportedHandler<Env>;
