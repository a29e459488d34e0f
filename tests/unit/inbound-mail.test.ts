import { describe, expect, it } from "vitest";
import {
  autoReplyReason,
  htmlToText,
  INBOUND_MAIL_MAX_BYTES,
  INBOUND_RAW_KEEP_DAYS,
  INBOUND_TEXT,
  inboundTarget,
  QUOTE_MARKER,
  replyText,
  sameAddress,
} from "~/core/tickets/inbound-mail";
import { ticketReplyAddress } from "~/core/tickets/reply-mail";

const SUPPORT = "support@marketplace.example.jp";
const TOKEN = "0123456789abcdef0123456789abcdef";
const TICKET_ADDRESS = `support+${TOKEN}@marketplace.example.jp`;

const lines = (...text: string[]) => text.join("\n");

describe("limits", () => {
  it("accepts mails up to Email Routing's 25 MB and keeps raw messages 30 days", () => {
    expect(INBOUND_MAIL_MAX_BYTES).toBe(26_214_400);
    expect(INBOUND_RAW_KEEP_DAYS).toBe(30);
    expect(INBOUND_TEXT.tooLarge).toBe("メールが大きすぎます（25MBまで）");
  });
});

describe("inboundTarget", () => {
  it("finds the ticket of a reply address, its token lowercased", () => {
    expect(inboundTarget(TICKET_ADDRESS, SUPPORT)).toEqual({ kind: "ticket", token: TOKEN });
    expect(inboundTarget(`Support+${TOKEN.toUpperCase()}@Marketplace.Example.JP`, SUPPORT)).toEqual({ kind: "ticket", token: TOKEN });
    expect(inboundTarget(` ${TICKET_ADDRESS} `, SUPPORT)).toEqual({ kind: "ticket", token: TOKEN });
  });

  it("takes the support address itself as a new mail to the desk, in any case", () => {
    expect(inboundTarget(SUPPORT, SUPPORT)).toEqual({ kind: "support" });
    expect(inboundTarget("SUPPORT@marketplace.example.JP", "Support@Marketplace.example.jp")).toEqual({ kind: "support" });
  });

  it("takes a mistyped or unknown subaddress as a new mail, so the customer's mail still reaches the desk", () => {
    for (const tag of ["", TOKEN.slice(0, 31), `${TOKEN}0`, `x${TOKEN}`, `o${TOKEN.slice(1)}`, `${TOKEN.slice(0, 31)}g`, "返信", "order"]) {
      expect(inboundTarget(`support+${tag}@marketplace.example.jp`, SUPPORT)).toEqual({ kind: "support" });
    }
  });

  it("refuses mails to other addresses and other domains", () => {
    expect(inboundTarget("info@marketplace.example.jp", SUPPORT)).toBeNull();
    expect(inboundTarget("supportdesk@marketplace.example.jp", SUPPORT)).toBeNull();
    expect(inboundTarget(`support-${TOKEN}@marketplace.example.jp`, SUPPORT)).toBeNull();
    expect(inboundTarget(`support+${TOKEN}@example.jp`, SUPPORT)).toBeNull();
    expect(inboundTarget(`support+${TOKEN}@marketplace.example.jp.evil.example`, SUPPORT)).toBeNull();
    expect(inboundTarget("support@", SUPPORT)).toBeNull();
    expect(inboundTarget("@marketplace.example.jp", SUPPORT)).toBeNull();
    expect(inboundTarget("", SUPPORT)).toBeNull();
    expect(inboundTarget(SUPPORT, "")).toBeNull();
  });

  it("reads back the addresses the shop's mails answer to", () => {
    expect(inboundTarget(ticketReplyAddress(SUPPORT, TOKEN), SUPPORT)).toEqual({ kind: "ticket", token: TOKEN });
  });
});

describe("sameAddress", () => {
  it("compares addresses in any case, after trimming", () => {
    expect(sameAddress("Member@Example.JP", "member@example.jp")).toBe(true);
    expect(sameAddress(" member@example.jp\t", "member@example.jp")).toBe(true);
  });

  it("does not ignore a +tag or another address", () => {
    expect(sameAddress("member+shop@example.jp", "member@example.jp")).toBe(false);
    expect(sameAddress("member+shop@example.jp", "member+shop@example.jp")).toBe(true);
    expect(sameAddress("stranger@example.com", "member@example.jp")).toBe(false);
  });

  it("never matches an empty address", () => {
    expect(sameAddress("", "")).toBe(false);
    expect(sameAddress(" ", "")).toBe(false);
  });
});

describe("autoReplyReason", () => {
  const header = (key: string, value: string) => ({ key, value });
  const PERSON = [header("from", "山田 太郎 <member@example.jp>"), header("content-type", "text/plain; charset=UTF-8")];

  it("lets a person's mail through", () => {
    expect(autoReplyReason(PERSON, "Re: 【お問い合わせ #12】カスタマーサービスからのご返信")).toBeNull();
    expect(autoReplyReason([], "商品が届きません")).toBeNull();
  });

  it("holds a mail whose Auto-Submitted is anything but no, in any case of the header", () => {
    expect(autoReplyReason([...PERSON, header("auto-submitted", "auto-replied")], "Re: お問い合わせ")).toBe(
      "自動送信のメールのため保留しました（Auto-Submitted: auto-replied）",
    );
    expect(autoReplyReason([header("Auto-Submitted", "Auto-Generated")], "")).toBe(`${INBOUND_TEXT.autoReply}（Auto-Submitted: auto-generated）`);
    expect(autoReplyReason([header("AUTO-SUBMITTED", 'auto-notified; owner-email="a@example.jp"')], "")).toBe(
      `${INBOUND_TEXT.autoReply}（Auto-Submitted: auto-notified）`,
    );
    expect(autoReplyReason([header("auto-submitted", "")], "")).toBe(`${INBOUND_TEXT.autoReply}（Auto-Submitted）`);
    expect(autoReplyReason([header("auto-submitted", "no")], "")).toBeNull();
    expect(autoReplyReason([header("Auto-Submitted", " No (a person wrote this)")], "")).toBeNull();
  });

  it("holds bulk, junk, list and auto_reply precedence, not others", () => {
    for (const value of ["bulk", "junk", "list", "auto_reply", "Bulk"]) {
      expect(autoReplyReason([header("Precedence", value)], "")).toBe(`${INBOUND_TEXT.autoReply}（Precedence: ${value.toLowerCase()}）`);
    }
    expect(autoReplyReason([header("precedence", "first-class")], "")).toBeNull();
  });

  it("holds the flags of vacation responders", () => {
    expect(autoReplyReason([header("x-autoreply", "yes")], "")).toBe(`${INBOUND_TEXT.autoReply}（X-Autoreply）`);
    expect(autoReplyReason([header("X-AutoRespond", "")], "")).toBe(`${INBOUND_TEXT.autoReply}（X-Autorespond）`);
  });

  it("holds mailing-list mail", () => {
    expect(autoReplyReason([header("list-id", "<news.example.jp>")], "今月のお知らせ")).toBe(`${INBOUND_TEXT.autoReply}（メーリングリストの配信）`);
    expect(autoReplyReason([header("List-Unsubscribe", "<mailto:leave@example.jp>")], "")).toBe(`${INBOUND_TEXT.autoReply}（メーリングリストの配信）`);
  });

  it("does not hold a person's mail for Outlook's X-Auto-Response-Suppress", () => {
    expect(autoReplyReason([...PERSON, header("X-Auto-Response-Suppress", "All")], "Re: 【お問い合わせ #12】カスタマーサービスからのご返信")).toBeNull();
    expect(autoReplyReason([header("x-auto-response-suppress", "DR, RN, NRN, OOF, AutoReply")], "自動返信メールが届きません")).toBeNull();
  });

  it("holds out-of-office and auto-reply subjects", () => {
    const subjects: [string, string][] = [
      ["自動応答: 不在のお知らせ", "自動応答:"],
      ["自動返信：お問い合わせありがとうございます", "自動返信："],
      ["【自動返信】お問い合わせを受け付けました", "【自動返信】"],
      ["[自動応答メール] Re: ご注文について", "[自動応答メール]"],
      ["【不在】12月28日～1月5日", "【不在】"],
      ["不在: 1月5日まで休暇をいただいております", "不在:"],
      ["不在のお知らせ（12/28〜1/5）", "不在のお知らせ"],
      ["不在通知", "不在通知"],
      ["Out of Office: Re: ご注文について", "Out of Office:"],
      ["Out of Office AutoReply: ご注文について", "Out of Office AutoReply:"],
      ["Automatic reply: 【お問い合わせ #12】カスタマーサービスからのご返信", "Automatic reply:"],
      ["Auto: Re: お問い合わせ", "Auto:"],
      ["Autoreply: ご注文について", "Autoreply:"],
      ["  auto-reply: away", "auto-reply:"],
    ];
    for (const [subject, marker] of subjects) expect(autoReplyReason(PERSON, subject)).toBe(`${INBOUND_TEXT.autoReply}（件名「${marker}」）`);
  });

  it("does not hold customers' questions that start with the same words", () => {
    for (const subject of [
      "自動返信メールが届きません",
      "自動応答の電話につながりません",
      "不在票が入っていました",
      "不在中に配達された荷物について",
      "Auto parts: 取付できますか",
      "Re: 自動応答: 不在のお知らせ",
    ]) {
      expect(autoReplyReason(PERSON, subject)).toBeNull();
    }
  });
});

describe("replyText", () => {
  const NEW_WORDS = lines(
    "カスタマーサービス ご担当者様",
    "",
    "お世話になっております。山田です。",
    "箱の角がつぶれていて、湯のみが一つ欠けていました。",
    "",
    "よろしくお願いいたします。",
  );

  it("keeps a mail without history as it is, CRLF as LF, without blank lines around it", () => {
    expect(replyText(`\r\n\r\n${NEW_WORDS.replaceAll("\n", "\r\n")}\r\n\r\n  \r\n`)).toBe(NEW_WORDS);
    expect(replyText("　山田です。\n　届きました。")).toBe("　山田です。\n　届きました。");
  });

  it("cuts at Gmail's Japanese attribution with a name or only the address", () => {
    const history = ["> 山田 太郎 様", ">", "> お問い合わせ（#12）について、カスタマーサービスよりご返信いたします。"];
    expect(replyText(lines(NEW_WORDS, "", `2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:`, "", ...history))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "", `2026年11月28日(土) 10:00 <${TICKET_ADDRESS}>:`, ...history))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, `2026年1月5日 9:03 カスタマーサービス <${TICKET_ADDRESS}>:`, ...history))).toBe(NEW_WORDS);
  });

  it("cuts at Gmail's attribution wrapped over two lines", () => {
    expect(replyText(lines(NEW_WORDS, "", "2026年11月28日(土) 10:00 カスタマーサービス <", `${TICKET_ADDRESS}>:`, "", "> 山田 太郎 様"))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "", "On Sat, Nov 28, 2026 at 10:00 AM カスタマーサービス <", `${TICKET_ADDRESS}> wrote:`, "", "> 山田 太郎 様"))).toBe(
      NEW_WORDS,
    );
  });

  it("cuts at Gmail's English attribution", () => {
    expect(
      replyText(lines("Thanks, it arrived.", "", `On Sat, Nov 28, 2026 at 10:00 AM カスタマーサービス <${TICKET_ADDRESS}> wrote:`, "", "> 山田 太郎 様")),
    ).toBe("Thanks, it arrived.");
  });

  it("keeps a line with wrote: in a sentence", () => {
    const text = lines(
      "先日のメールで I wrote: the box was broken と書きましたが、",
      "On the phone your colleague wrote: nothing.",
      "もう一度確認をお願いします。",
    );
    expect(replyText(text)).toBe(text);
  });

  it("keeps a date line that is not followed by an address", () => {
    const text = lines("2026年11月28日(土) 10:00に配達予定と連絡がありましたが、", "まだ届いていません。", "2026/11/28 10:00、不在票が入っていました。");
    expect(replyText(text)).toBe(text);
  });

  it("keeps the customer's line above an attribution that starts with a date", () => {
    expect(replyText(lines("2026年11月28日に届いた件です。", `2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:`, "> 山田 太郎 様"))).toBe(
      "2026年11月28日に届いた件です。",
    );
  });

  it("cuts at the iPhone's Japanese attribution", () => {
    expect(replyText(lines(NEW_WORDS, "", `2026/11/28 10:00、カスタマーサービス <${TICKET_ADDRESS}>のメール:`, "", "> 山田 太郎 様"))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "", "2026/11/28 10:00、カスタマーサービス <", `${TICKET_ADDRESS}>のメール:`, "", "＞ 山田 太郎 様"))).toBe(NEW_WORDS);
  });

  it("cuts at Outlook's separators", () => {
    for (const separator of ["-----Original Message-----", "-----元のメッセージ-----", "----- Original Message -----", "  -----original message-----"]) {
      expect(replyText(lines(NEW_WORDS, "", separator, "From: カスタマーサービス", "山田 太郎 様"))).toBe(NEW_WORDS);
    }
  });

  it("cuts at Outlook's header block, with the rule above it", () => {
    const english = [
      "From: カスタマーサービス <support@marketplace.example.jp>",
      "Sent: Saturday, November 28, 2026 10:00 AM",
      "To: member@example.jp",
      "Subject: ご返信",
    ];
    const japanese = [
      "差出人: カスタマーサービス <support@marketplace.example.jp>",
      "送信日時: 2026年11月28日 10:00",
      "宛先: member@example.jp",
      "件名: ご返信",
    ];
    expect(replyText(lines(NEW_WORDS, "", ...english, "", "山田 太郎 様"))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "", "________________________________", "", ...japanese, "", "山田 太郎 様"))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "差出人：カスタマーサービス", "宛先: member@example.jp", "CC: ", "件名: ご返信", "送信日時：2026/11/28 10:00"))).toBe(
      NEW_WORDS,
    );
  });

  it("keeps a From line without Sent within 4 lines", () => {
    const text = lines(NEW_WORDS, "", "From: 山田 太郎", "To: カスタマーサービス", "1", "2", "3", "Sent: 宅配便で返送しました");
    expect(replyText(text)).toBe(text);
  });

  it("cuts the > lines that end the text, but keeps those the customer answered between", () => {
    expect(replyText(lines(NEW_WORDS, "", "> 山田 太郎 様", ">", "> お問い合わせありがとうございます。", "", ""))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, "", "＞山田 太郎 様", "＞お問い合わせありがとうございます。"))).toBe(NEW_WORDS);
    const answered = lines(
      "> お届け先はご自宅でよろしいですか？",
      "はい、自宅でお願いします。",
      "",
      "> ご希望の時間帯はありますか？",
      "夜19時以降でお願いします。",
    );
    expect(replyText(answered)).toBe(answered);
  });

  it(`cuts at the shop's own marker 「${QUOTE_MARKER}」`, () => {
    const outbound = ["", QUOTE_MARKER, "2026/11/28 10:00 カスタマーサービス", "お問い合わせ（#12）について、カスタマーサービスよりご返信いたします。"];
    expect(replyText(lines(NEW_WORDS, ...outbound))).toBe(NEW_WORDS);
    expect(replyText(lines(NEW_WORDS, ...outbound).replaceAll("\n", "\r\n"))).toBe(NEW_WORDS);
  });

  it("keeps the signature", () => {
    const signed = lines(NEW_WORDS, "", "-- ", "山田 太郎", "090-1234-5678");
    expect(replyText(lines(signed, "", `2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:`, "> 山田 太郎 様"))).toBe(signed);
  });

  it("cuts at the first sign of history", () => {
    const text = lines(NEW_WORDS, "", "-----Original Message-----", "From: x", `2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:`, "> 山田");
    expect(replyText(text)).toBe(NEW_WORDS);
  });

  it("keeps the whole text when nothing is above the history", () => {
    expect(replyText(`2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:\r\n> 山田 太郎 様\r\n\r\n`)).toBe(
      `2026年11月28日(土) 10:00 カスタマーサービス <${TICKET_ADDRESS}>:\n> 山田 太郎 様`,
    );
    expect(replyText("> 転送します\n> 注文番号 1234\n")).toBe("> 転送します\n> 注文番号 1234");
    expect(replyText("")).toBe("");
  });
});

describe("htmlToText", () => {
  it("turns line breaks and block ends into new lines and drops the other tags", () => {
    const html =
      '<div dir="ltr"><div>カスタマーサービス ご担当者様</div><div><br></div><div>お世話になっております。<b>山田</b>です。<br/>湯のみが<span style="color:red">一つ</span>欠けていました。</div><p>よろしくお願いいたします。</p></div>';
    expect(htmlToText(html)).toBe(
      "カスタマーサービス ご担当者様\n\nお世話になっております。山田です。\n湯のみが一つ欠けていました。\nよろしくお願いいたします。",
    );
    expect(htmlToText("<ul><li>湯のみ</li><li>小皿</li></ul><hr><table><tr><td>注文番号</td></tr><tr><td>1234</td></tr></table>")).toBe(
      "湯のみ\n小皿\n\n注文番号\n1234",
    );
  });

  it("drops the head, styles, scripts and comments with their contents", () => {
    const html =
      "<html><HEAD><title>件名</title><style>p { color: red }</style></HEAD><body><!--[if mso]><style>.x{}</style><![endif]--><p>届きました。</p><script type=\"text/javascript\">alert('x')</script><STYLE>div{}</STYLE></body></html>";
    expect(htmlToText(html)).toBe("届きました。");
  });

  it("ignores the source's own line breaks and indentation", () => {
    expect(htmlToText("<div>\n  山田です。\n</div>\n<div>\n  届きました。<br>\n  ありがとうございます。\n</div>\n")).toBe(
      "山田です。\n届きました。\nありがとうございます。",
    );
  });

  it("decodes the common and numeric entities, once", () => {
    expect(htmlToText("<p>A&amp;B &lt;tag&gt; &quot;引用&quot; &#39;x&#39; a&nbsp;b &#12354;&#x3042;&#X3044; &amp;lt;</p>")).toBe(
      "A&B <tag> \"引用\" 'x' a b ああい &lt;",
    );
    expect(htmlToText("&#0; &#xD800; &#99999999; &copy;")).toBe("\uFFFD \uFFFD \uFFFD &copy;");
  });

  it("collapses three or more new lines to two", () => {
    expect(htmlToText("山田です。<br><br><br><br>届きました。")).toBe("山田です。\n\n届きました。");
  });

  it("removes blockquotes and Gmail's quote, nested ones included", () => {
    const gmail =
      '<div dir="ltr">受け取りました。ありがとうございます。</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">2026年11月28日(土) 10:00 カスタマーサービス &lt;support+0123@marketplace.example.jp&gt;:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex"><div>山田 太郎 様</div><blockquote><div>前回のご連絡</div></blockquote><div>ご返信いたします。</div></blockquote></div>';
    expect(htmlToText(gmail)).toBe("受け取りました。ありがとうございます。");
    expect(
      htmlToText("<p>はい、自宅でお願いします。</p><BLOCKQUOTE type=cite>お届け先は<blockquote>前回</blockquote>ご自宅ですか？</BLOCKQUOTE><p>山田</p>"),
    ).toBe("はい、自宅でお願いします。\n山田");
    expect(htmlToText("<p>山田です。</p><blockquote>閉じられていない引用")).toBe("山田です。");
  });
});

describe("crafted mails", () => {
  it("take one pass however the text is made (a backtracking pattern would take hours on these)", () => {
    expect(htmlToText("<".repeat(1_000_000))).toBe("<".repeat(1_000_000));
    expect(htmlToText("<!--<style>".repeat(100_000))).toBe("");
    expect(htmlToText(`a${" <i></i>".repeat(100_000)}b`)).toBe("a b");
    expect(htmlToText("<blockquote>".repeat(100_000))).toBe("");
    const long = `On ${"1 ".repeat(500_000)}`;
    expect(replyText(long)).toBe(long.trimEnd());
  });
});

describe("INBOUND_TEXT", () => {
  it("names a refused attachment and why", () => {
    expect(INBOUND_TEXT.attachmentRefused("memo.txt", "画像ではありません")).toBe("添付ファイル「memo.txt」は保存していません（画像ではありません）");
    expect(INBOUND_TEXT.attachmentRefused("", "画像ではありません")).toBe("添付ファイル「名前のないファイル」は保存していません（画像ではありません）");
  });
});
