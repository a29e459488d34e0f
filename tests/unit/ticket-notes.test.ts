import { describe, expect, it } from "vitest";
import { mentionedColleagues, NOTE_MAX_LENGTH, NOTE_TEXT, noteBody } from "~/core/tickets/ticket-notes";

const SATO = { id: 2, lastname: "佐藤", firstname: "健" };
const SUZUKI = { id: 6, lastname: "鈴木", firstname: "美咲" };
const SUZUKI_TARO = { id: 7, lastname: "鈴木", firstname: "太郎" };
const team = [SATO, SUZUKI];

describe("mentionedColleagues", () => {
  it("finds @姓, @姓名 and @姓 名, with a full-width ＠ and 「さん」 after the name", () => {
    expect(mentionedColleagues("@鈴木 お願いします", team, SATO.id)).toEqual([6]);
    expect(mentionedColleagues("＠鈴木美咲さん、確認を", team, SATO.id)).toEqual([6]);
    expect(mentionedColleagues("@鈴木 美咲", team, SATO.id)).toEqual([6]);
    expect(mentionedColleagues("メモ（@鈴木）。", team, SATO.id)).toEqual([6]);
  });

  it("mentions nobody for a longer name, a shared family name alone, or the writer", () => {
    expect(mentionedColleagues("@鈴木屋さんの件", team, SATO.id)).toEqual([]);
    expect(mentionedColleagues("@鈴木 お願いします", [SATO, SUZUKI, SUZUKI_TARO], SATO.id)).toEqual([]);
    expect(mentionedColleagues("@鈴木太郎 お願いします", [SATO, SUZUKI, SUZUKI_TARO], SATO.id)).toEqual([7]);
    expect(mentionedColleagues("@佐藤 自分用", team, SATO.id)).toEqual([]);
    expect(mentionedColleagues("mail@example.jp 鈴木さん", team, SATO.id)).toEqual([]);
  });

  it("counts a colleague mentioned twice once", () => {
    expect(mentionedColleagues("@鈴木 と @佐藤 と @鈴木美咲", team, 99)).toEqual([6, 2]);
  });
});

describe("noteBody", () => {
  it("trims the text and makes Windows line ends plain", () => {
    expect(noteBody("  一行目\r\n二行目  ")).toEqual({ ok: true, body: "一行目\n二行目" });
  });

  it("refuses an empty note and one over the limit (counted in characters)", () => {
    expect(noteBody(" \n ")).toEqual({ ok: false, error: NOTE_TEXT.empty });
    expect(noteBody("𠮷".repeat(NOTE_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(noteBody("あ".repeat(NOTE_MAX_LENGTH + 1))).toEqual({ ok: false, error: NOTE_TEXT.tooLong });
  });
});
