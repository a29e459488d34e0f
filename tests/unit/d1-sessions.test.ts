import { describe, expect, it } from "vitest";
import {
  bookmarkOfCookie,
  bookmarkSetCookie,
  bookmarkToCarry,
  D1_BOOKMARK_MAX_AGE_SECONDS,
  d1SessionStart,
  isD1Bookmark,
  withSessionArgument,
} from "~/core/site/d1-sessions";
import { edgeCacheDecision, hasPersonalCookie } from "~/core/site/edge-cache";
import { isWriteStatement } from "~/db/client.server";

/** A bookmark as D1 writes it (production shape: four hex groups). */
const BOOKMARK = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";

describe("d1SessionStart", () => {
  it("starts every action at the primary, a bookmark or none", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(d1SessionStart({ method, bookmark: null })).toBe("first-primary");
      expect(d1SessionStart({ method, bookmark: BOOKMARK })).toBe("first-primary");
    }
  });

  it("starts a read anywhere, or at the visitor's bookmark", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(d1SessionStart({ method, bookmark: null })).toBe("first-unconstrained");
      expect(d1SessionStart({ method, bookmark: BOOKMARK })).toEqual({ bookmark: BOOKMARK });
    }
    expect(withSessionArgument({ bookmark: BOOKMARK })).toBe(BOOKMARK);
    expect(withSessionArgument("first-primary")).toBe("first-primary");
  });

  it("never hands D1 a cookie value that is not a bookmark", () => {
    for (const value of ["first-primary", "first-unconstrained", "", "x", `${BOOKMARK}0`, BOOKMARK.replace("8", "g")]) {
      expect(isD1Bookmark(value)).toBe(false);
      expect(d1SessionStart({ method: "GET", bookmark: value })).toBe("first-unconstrained");
    }
  });
});

describe("the bookmark cookie", () => {
  it("is read by its name for the scheme, valid values only", () => {
    expect(bookmarkOfCookie(`__session=abc; d1-bookmark=${BOOKMARK}`, false)).toBe(BOOKMARK);
    expect(bookmarkOfCookie(`__Host-d1-bookmark=${BOOKMARK}`, true)).toBe(BOOKMARK);
    expect(bookmarkOfCookie(`d1-bookmark=${BOOKMARK}`, true)).toBeNull();
    expect(bookmarkOfCookie("d1-bookmark=first-primary", false)).toBeNull();
    expect(bookmarkOfCookie(null, false)).toBeNull();
  });

  it("is set HttpOnly, SameSite=Lax, short-lived, and Secure over https", () => {
    expect(bookmarkSetCookie(BOOKMARK, false)).toBe(`d1-bookmark=${BOOKMARK}; Path=/; Max-Age=${D1_BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`);
    expect(bookmarkSetCookie(BOOKMARK, true)).toBe(
      `__Host-d1-bookmark=${BOOKMARK}; Path=/; Max-Age=${D1_BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(D1_BOOKMARK_MAX_AGE_SECONDS).toBeLessThanOrEqual(600);
  });

  it("is handed on after an action or a read that wrote, never after a plain read", () => {
    expect(bookmarkToCarry({ method: "POST", wrote: false, bookmark: BOOKMARK })).toBe(BOOKMARK);
    expect(bookmarkToCarry({ method: "GET", wrote: true, bookmark: BOOKMARK })).toBe(BOOKMARK);
    expect(bookmarkToCarry({ method: "GET", wrote: false, bookmark: BOOKMARK })).toBeNull();
    expect(bookmarkToCarry({ method: "HEAD", wrote: false, bookmark: BOOKMARK })).toBeNull();
    // No query ran: nothing to hand on.
    expect(bookmarkToCarry({ method: "POST", wrote: false, bookmark: null })).toBeNull();
  });

  it("makes a catalogue page personal for the edge cache (rendered for the visitor, never stored)", () => {
    expect(hasPersonalCookie(`d1-bookmark=${BOOKMARK}`)).toBe(true);
    expect(edgeCacheDecision({ method: "GET", url: new URL("https://shop.example/"), cookie: `__Host-d1-bookmark=${BOOKMARK}`, personalOffer: false })).toEqual(
      {
        kind: "bypass",
        reason: "personal",
      },
    );
  });
});

describe("isWriteStatement", () => {
  it("tells the statements that change data from reads, as Drizzle writes them", () => {
    for (const query of [
      'insert into "cart_lines" ("cart_id") values (?)',
      'update "products" set "inventory" = "inventory" - ? where "id" = ?',
      'delete from "carts" where "id" = ?',
      "replace into t values (1)",
      'with "x" as (select 1) insert into "t" select * from "x"',
      'insert or ignore into "t" values (1)',
    ]) {
      expect(isWriteStatement(query)).toBe(true);
    }
    for (const query of [
      'select "updated_at", "deleted_at" from "products" where "id" = ?',
      'select case when (select 1) then count(*) else abs(-9223372036854775808) end from "users"',
      'with "x" as (select 1) select * from "x"',
      "select replace(name, 'a', 'b') from t",
    ]) {
      expect(isWriteStatement(query)).toBe(false);
    }
  });
});
