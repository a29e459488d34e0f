import { describe, expect, it } from "vitest";
import { withHonorific } from "~/core/account/honorifics";

describe("withHonorific", () => {
  it("adds さん to a plain nickname", () => {
    expect(withHonorific("はなこ")).toBe("はなこさん");
    expect(withHonorific("ばあば")).toBe("ばあばさん");
    expect(withHonorific(" ケン ")).toBe("ケンさん");
  });

  it("leaves a nickname that already ends in an honorific as it is", () => {
    for (const nickname of ["くまさん", "乾燥肌さん", "ゆずママ様", "ちびちゃん", "たろうくん", "山田氏", "ネコサン", "ﾈｺｻﾝ", "カフェ店主さま"]) {
      expect(withHonorific(nickname), nickname).toBe(nickname);
    }
  });

  it("names an empty nickname 匿名さん", () => {
    expect(withHonorific("  ")).toBe("匿名さん");
  });
});
