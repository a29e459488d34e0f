/** The reads behind a ticket's tags (issue 36 item 9), for the staff ticket page's own batch. */
import { asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ticketTags } from "~/db/schema";

/** A ticket's tags in the order they were added (`limit` 0 where the viewer is not staff). */
export function tagsQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({ tag: ticketTags.tag })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, ticketId))
    .orderBy(asc(ticketTags.createdAt), asc(ticketTags.tag))
    .limit(limit);
}

/** The tags in use, most used first: what the tag field suggests. */
export function knownTagsQuery(db: Database, limit: number) {
  return db.select({ tag: ticketTags.tag }).from(ticketTags).groupBy(ticketTags.tag).orderBy(desc(count()), asc(ticketTags.tag)).limit(limit);
}
