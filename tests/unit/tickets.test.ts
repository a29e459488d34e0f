import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { TICKET_ATTACHMENT_LIMIT, TICKET_CONFIRMATION_TIMEOUT_DAYS } from "~/core/limits";
import { TICKET_CATEGORIES } from "~/core/tickets/ticket-categories";
import { NewTicketSchema, replyChoiceOf } from "~/core/tickets/ticket-forms";
import { ticketModule, ticketStateFromHeaders, ticketStateHeaders } from "~/core/tickets/ticket-polling";
import {
  answerConfirmation,
  confirmationDeadline,
  confirmationRequestProblem,
  confirmationView,
  excerpt,
  messageProblem,
  senderName,
  shouldAutoClose,
  ticketNoticeCode,
  ticketNoticeText,
  ticketPriority,
  TICKET_TEXT,
  TICKET_TROUBLES,
  type TicketState,
} from "~/core/tickets/tickets";

const DAY = 24 * 60 * 60 * 1000;

describe("ticket categories (spec §9)", () => {
  it("are the 13 of the spec, in its order, starting with the seed's 過去の注文について", () => {
    expect(TICKET_CATEGORIES).toHaveLength(13);
    expect(TICKET_CATEGORIES).toEqual([
      "過去の注文について", // past order
      "おすすめ商品について", // recommendations
      "商品情報について", // product info
      "会員登録・会員情報について", // membership
      "送料について", // shipping fee
      "セール・キャンペーンについて", // sales
      "実店舗について", // physical store
      "サポートの対応について", // support handling
      "退会について", // leaving the service
      "メールマガジンの配信停止", // unsubscribe newsletter
      "サイトについて", // site
      "サイトの不具合", // site bug
      "その他", // other
    ]);
    expect(new Set(TICKET_CATEGORIES).size).toBe(13);
  });
});

describe("ticketPriority (spec §9)", () => {
  it("is high for 'when will it arrive' (the seed's trouble) and payment", () => {
    expect(ticketPriority("商品がいつ届くか知りたい")).toBe("high");
    expect(ticketPriority("お支払いについて")).toBe("high");
  });
  it("is low for receipts and mails not arriving", () => {
    expect(ticketPriority("領収書がほしい")).toBe("low");
    expect(ticketPriority("メールが届かない")).toBe("low");
  });
  it("is medium for every other trouble, and for an unknown one", () => {
    const others = TICKET_TROUBLES.filter(
      (trouble) => !["商品がいつ届くか知りたい", "お支払いについて", "領収書がほしい", "メールが届かない"].includes(trouble.label),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const trouble of others) expect(ticketPriority(trouble.label)).toBe("medium");
    expect(ticketPriority("")).toBe("medium");
    expect(ticketPriority("知らない悩み")).toBe("medium");
  });
  it("gives exactly two high and two low troubles", () => {
    expect(TICKET_TROUBLES.filter((trouble) => trouble.priority === "high")).toHaveLength(2);
    expect(TICKET_TROUBLES.filter((trouble) => trouble.priority === "low")).toHaveLength(2);
  });
});

describe("NewTicketSchema (spec §3 New ticket form, §5)", () => {
  const valid = {
    session: "1767000000000",
    category: "過去の注文について",
    trouble: "商品がいつ届くか知りたい",
    description: "まだ届きません",
  };
  const issues = (input: Record<string, unknown>) => {
    const result = v.safeParse(NewTicketSchema, input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it("accepts the minimum; a missing reply_choice means '' (e-mail or phone)", () => {
    const result = v.parse(NewTicketSchema, valid);
    expect(replyChoiceOf(result)).toBe("");
    expect(replyChoiceOf({ reply_choice: "phone" })).toBe("phone");
    expect(result.details).toBeUndefined();
    expect(result.orders_id).toBeUndefined();
    expect(result.products_id).toBeUndefined();
  });
  it("asks for detail when the description is empty, missing or blank", () => {
    expect(issues({ ...valid, description: "" })).toEqual([TICKET_TEXT.descriptionRequired]);
    expect(issues({ ...valid, description: undefined })).toEqual([TICKET_TEXT.descriptionRequired]);
    expect(issues({ ...valid, description: "   \n " })).toEqual([TICKET_TEXT.descriptionRequired]);
    expect(TICKET_TEXT.descriptionRequired).toBe("問題について詳しく教えてください");
  });
  it("takes the three reply choices and nothing else", () => {
    for (const choice of ["", "email", "phone"]) expect(issues({ ...valid, reply_choice: choice })).toEqual([]);
    expect(issues({ ...valid, reply_choice: "fax" })).toEqual([TICKET_TEXT.replyChoiceInvalid]);
  });
  it("needs a known category and trouble", () => {
    expect(issues({ ...valid, category: "" })).toEqual([TICKET_TEXT.categoryRequired]);
    expect(issues({ ...valid, category: "hack" })).toEqual([TICKET_TEXT.categoryRequired]);
    expect(issues({ ...valid, trouble: "x" })).toEqual([TICKET_TEXT.troubleRequired]);
  });
  it("reads order, product and details[] ids; one checkbox is a list of one", () => {
    expect(v.parse(NewTicketSchema, { ...valid, orders_id: "4", products_id: "12", details: ["6", "7"] })).toMatchObject({
      orders_id: 4,
      products_id: 12,
      details: [6, 7],
    });
    expect(v.parse(NewTicketSchema, { ...valid, details: "6" }).details).toEqual([6]);
    expect(issues({ ...valid, orders_id: "4x" })).toEqual([TICKET_TEXT.idInvalid]);
    expect(issues({ ...valid, details: ["-1"] })).toEqual([TICKET_TEXT.idInvalid]);
  });
  it("needs the form's session timestamp", () => {
    expect(issues({ ...valid, session: "" })).toEqual([TICKET_TEXT.sessionExpired]);
    expect(issues({ ...valid, session: "abc" })).toEqual([TICKET_TEXT.sessionExpired]);
  });
});

describe("messageProblem (a message: text, images or both; at most 3 images)", () => {
  it("accepts text, images, or both, up to the limit", () => {
    expect(messageProblem("こんにちは", 0)).toBeNull();
    expect(messageProblem("", 1)).toBeNull();
    expect(messageProblem("写真", TICKET_ATTACHMENT_LIMIT)).toBeNull();
  });
  it("refuses nothing at all, blank text without images, and 4 images", () => {
    expect(messageProblem("", 0)).toBe(TICKET_TEXT.messageRequired);
    expect(messageProblem("  \n", 0)).toBe(TICKET_TEXT.messageRequired);
    expect(TICKET_ATTACHMENT_LIMIT).toBe(3);
    expect(messageProblem("写真", TICKET_ATTACHMENT_LIMIT + 1)).toBe(TICKET_TEXT.tooManyAttachments);
  });
  it("refuses text over 5,000 characters", () => {
    expect(messageProblem("あ".repeat(5000), 0)).toBeNull();
    expect(messageProblem("あ".repeat(5001), 0)).toBe(TICKET_TEXT.messageTooLong);
  });
});

describe("senderName and the module parameter", () => {
  const customer = { lastname: "山田", firstname: "花子" };
  it("labels staff messages カスタマーサービス; fromadmin null is the customer", () => {
    expect(senderName(2, customer)).toBe("カスタマーサービス");
    expect(senderName(null, customer)).toBe("山田 花子");
  });
  it("defaults the module to customers and knows no other", () => {
    expect(ticketModule(undefined)).toBe("customers");
    expect(ticketModule("")).toBe("customers");
    expect(ticketModule("customers")).toBe("customers");
    expect(ticketModule("orders")).toBeNull();
  });
});

describe("resolution confirmation (spec §4, screen 3)", () => {
  const open = (confirmation: TicketState["confirmation"]): TicketState => ({ status: "doing", confirmation });

  it("shows the two buttons only while waiting on an open ticket, afterwards only the label", () => {
    expect(confirmationView(open(null))).toEqual({ mode: "none" });
    expect(confirmationView(open("waiting"))).toEqual({ mode: "ask" });
    expect(confirmationView(open("resolved"))).toEqual({ mode: "label", label: "解決した" });
    expect(confirmationView({ status: "close", confirmation: "resolved" })).toEqual({ mode: "label", label: "解決した" });
    expect(confirmationView(open("unresolved"))).toEqual({ mode: "label", label: "解決していない" });
    expect(confirmationView({ status: "close", confirmation: "waiting" })).toEqual({ mode: "label", label: "ご回答期限が過ぎたため終了しました" });
  });
  it("resolved closes the ticket; unresolved keeps it open", () => {
    expect(answerConfirmation(open("waiting"), "resolved")).toEqual({ ok: true, next: { status: "close", confirmation: "resolved", closes: true } });
    expect(answerConfirmation(open("waiting"), "unresolved")).toEqual({ ok: true, next: { status: "doing", confirmation: "unresolved", closes: false } });
  });
  it("refuses an answer when nothing is waiting, twice, or on a closed ticket", () => {
    for (const state of [open(null), open("resolved"), open("unresolved"), { status: "close" as const, confirmation: "waiting" as const }]) {
      expect(answerConfirmation(state, "resolved")).toEqual({ ok: false, error: TICKET_TEXT.confirmationNotWaiting });
    }
  });
  it("lets staff ask on an open ticket not already waiting (again after unresolved)", () => {
    expect(confirmationRequestProblem(open(null), false)).toBeNull();
    expect(confirmationRequestProblem(open("unresolved"), false)).toBeNull();
    expect(confirmationRequestProblem(open("waiting"), false)).toBe(TICKET_TEXT.confirmationAlreadyWaiting);
    expect(confirmationRequestProblem({ status: "close", confirmation: null }, false)).toBe(TICKET_TEXT.ticketClosed);
  });
  it("never asks a guest, who has no member page to answer on", () => {
    expect(confirmationRequestProblem(open(null), true)).toBe(TICKET_TEXT.guestCannotConfirm);
  });
});

describe("shouldAutoClose: 7 days waiting (spec issue 7 §6)", () => {
  const now = new Date("2026-11-21T03:00:00Z");
  const waitingSince = (ms: number) => ({ status: "doing" as const, confirmation: "waiting" as const, confirmationRequestedAt: new Date(now.getTime() - ms) });

  it("closes at exactly 7 days and later, not a millisecond before", () => {
    expect(TICKET_CONFIRMATION_TIMEOUT_DAYS).toBe(7);
    expect(shouldAutoClose(waitingSince(7 * DAY), now)).toBe(true);
    expect(shouldAutoClose(waitingSince(30 * DAY), now)).toBe(true);
    expect(shouldAutoClose(waitingSince(7 * DAY - 1), now)).toBe(false);
    expect(shouldAutoClose(waitingSince(0), now)).toBe(false);
    expect(confirmationDeadline(now).toISOString()).toBe("2026-11-14T03:00:00.000Z");
  });
  it("leaves answered, closed, never-asked and undated tickets alone", () => {
    expect(shouldAutoClose({ ...waitingSince(8 * DAY), confirmation: "resolved" }, now)).toBe(false);
    expect(shouldAutoClose({ ...waitingSince(8 * DAY), confirmation: "unresolved" }, now)).toBe(false);
    expect(shouldAutoClose({ ...waitingSince(8 * DAY), status: "close" }, now)).toBe(false);
    expect(shouldAutoClose({ ...waitingSince(8 * DAY), confirmation: null }, now)).toBe(false);
    expect(shouldAutoClose({ ...waitingSince(8 * DAY), confirmationRequestedAt: null }, now)).toBe(false);
  });
});

describe("notice codes and excerpts", () => {
  it("turns known codes into their text and refuses anything else (no forged notices)", () => {
    expect(ticketNoticeText("sent")).toBe(TICKET_TEXT.sent);
    expect(ticketNoticeText("confirmationNotified")).toBe("ご回答ありがとうございます。カスタマーサービスに通知しました。");
    expect(ticketNoticeText("あなたのアカウントは停止されました")).toBeNull();
    expect(ticketNoticeText("toString")).toBeNull();
    expect(ticketNoticeText(null)).toBeNull();
    expect(ticketNoticeCode(TICKET_TEXT.tooManyAttachments)).toBe("tooManyAttachments");
    expect(ticketNoticeCode("free text")).toBeNull();
  });
  it("flattens and shortens a message for lists", () => {
    expect(excerpt("一行目\n二行目")).toBe("一行目 二行目");
    expect(excerpt("あ".repeat(70), 10)).toBe(`${"あ".repeat(9)}…`);
  });
});

describe("ticket state beside a message list", () => {
  it("travels in the X-Ticket-* headers and is read back; anything else reads as no state", () => {
    const state = { status: "doing", confirmation: "waiting", updated: 1_800_000_000_000 } as const;
    expect(ticketStateFromHeaders(new Headers(ticketStateHeaders(state)))).toEqual(state);
    expect(ticketStateFromHeaders(new Headers(ticketStateHeaders({ ...state, confirmation: null })))).toEqual({ ...state, confirmation: null });
    expect(ticketStateFromHeaders(new Headers())).toBeNull();
    expect(ticketStateFromHeaders(new Headers({ ...ticketStateHeaders(state), "X-Ticket-Status": "open" }))).toBeNull();
    expect(ticketStateFromHeaders(new Headers({ ...ticketStateHeaders(state), "X-Ticket-Updated": "soon" }))).toBeNull();
  });
});
