import { describe, expect, it } from "vitest";
import { MERGE_TEXT, mergeRefusal, mergeTargetId } from "~/core/tickets/ticket-merge";

describe("merging tickets", () => {
  it("reads the target's number as staff type it", () => {
    expect(mergeTargetId("12")).toBe(12);
    expect(mergeTargetId(" #12 ")).toBe(12);
    expect(mergeTargetId("＃１２")).toBe(12);
    for (const bad of ["", "0", "-3", "1.5", "abc", "12a", "1".repeat(13)]) expect(mergeTargetId(bad), bad).toBeNull();
  });

  it("refuses itself, a missing target, merged tickets and another customer's", () => {
    const open = (userId: number) => ({ userId, guestEmail: null, mergedIntoId: null });
    expect(mergeRefusal(1, 2, open(7), open(7))).toBeNull();
    expect(mergeRefusal(1, 1, open(7), open(7))).toBe(MERGE_TEXT.self);
    expect(mergeRefusal(1, 2, open(7), null)).toBe(MERGE_TEXT.targetNotFound);
    expect(mergeRefusal(1, 2, { ...open(7), mergedIntoId: 3 }, open(7))).toBe(MERGE_TEXT.sourceMerged);
    expect(mergeRefusal(1, 2, open(7), { ...open(7), mergedIntoId: 3 })).toBe(MERGE_TEXT.targetMerged);
    expect(mergeRefusal(1, 2, open(7), open(8))).toBe(MERGE_TEXT.otherCustomer);
  });

  it("merges a guest's tickets only with the same address's, never with a member's", () => {
    const guest = (guestEmail: string) => ({ userId: null, guestEmail, mergedIntoId: null });
    expect(mergeRefusal(1, 2, guest("a@example.com"), guest("a@example.com"))).toBeNull();
    expect(mergeRefusal(1, 2, guest("a@example.com"), guest("b@example.com"))).toBe(MERGE_TEXT.otherCustomer);
    expect(mergeRefusal(1, 2, guest("a@example.com"), { userId: 7, guestEmail: null, mergedIntoId: null })).toBe(MERGE_TEXT.otherCustomer);
  });
});
