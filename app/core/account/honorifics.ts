/**
 * Names shown with a polite suffix (a review's nickname: 「はなこさん」). A nickname that already ends in
 * an honorific (「くまさん」「乾燥肌さん」「ゆずママ様」) is shown as it is, never 「くまさんさん」.
 */
const HONORIFICS = ["さん", "さま", "様", "サン", "サマ", "ちゃん", "チャン", "くん", "クン", "君", "氏", "殿", "先生", "たん"];

/** A nickname is never empty in the shop's data; one that is reads as 「匿名」. */
const ANONYMOUS = "匿名";

export function withHonorific(nickname: string): string {
  const name = nickname.trim() || ANONYMOUS;
  // Half-width ｻﾝ counts as サン.
  const comparable = name.normalize("NFKC");
  return HONORIFICS.some((honorific) => comparable.endsWith(honorific)) ? name : `${name}さん`;
}
