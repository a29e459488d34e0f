/**
 * Kana script conversions (pure). Hiragana U+3041–U+3096 and katakana U+30A1–U+30F6 sit 0x60 apart;
 * the long-vowel mark (ー), small kana and voiced marks come along with their letters.
 */
const HIRAGANA = /[\u3041-\u3096]/g;
const KATAKANA = /[\u30a1-\u30f6]/g;
const KANA_OFFSET = 0x60;

/** 'せんちゃ' → 'センチャ'; everything that is not hiragana stays as it is. */
export function hiraganaToKatakana(text: string): string {
  return text.replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + KANA_OFFSET));
}

/** 'センチャ' → 'せんちゃ'; everything that is not katakana stays as it is. */
export function katakanaToHiragana(text: string): string {
  return text.replace(KATAKANA, (char) => String.fromCharCode(char.charCodeAt(0) - KANA_OFFSET));
}

/**
 * The one rule for every reading (フリガナ) field — registration, the guest checkout, addresses: typed in
 * hiragana (やまだ) or half-width katakana (ﾊﾅｺ, ﾀﾞ), it is kept as full-width katakana (ヤマダ, ハナコ, ダ).
 * NFKC widens half-width kana and joins their voiced marks; then hiragana becomes katakana.
 */
export function toFullWidthKatakana(text: string): string {
  return hiraganaToKatakana(text.normalize("NFKC"));
}
