/**
 * The product keyword index (decision 0020), pure: what a product's searchable text is indexed as, and the
 * FTS5 MATCH expressions a query becomes. One folding rule serves both sides, so a query and a product meet
 * whatever script or width either was typed in.
 *
 * Two FTS5 tables hold each listed product's text, title and body (catch copy + description) apart so
 * title hits rank above body hits:
 * - `product_search` (trigram tokenizer): words of 3+ characters, as substrings.
 * - `product_search_grams`: words of 1–2 characters, which trigrams cannot find. Every character position
 *   is indexed as the token of the pair it starts (or the character alone at the end of a run), each
 *   character written as CHAR_WIDTH base-36 digits so no tokenizer drops symbols (%, ・) or splits kanji:
 *   a 2-character word is one exact token, a 1-character word a prefix query (the table has a prefix index
 *   of CHAR_WIDTH characters, so that too is one lookup), and a longer word searched with them the phrase
 *   of its pairs.
 */
import { katakanaToHiragana } from "~/core/kana";

/**
 * The one folding rule: NFKC (full-width letters and digits become ASCII, half-width kana full-width),
 * lower case, katakana as hiragana. 'ＴＯＷＥＬ タオル' → 'towel たおる'.
 */
export function foldSearchText(text: string): string {
  return katakanaToHiragana(text.normalize("NFKC").toLowerCase());
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Tags that sit inside a word (「<strong>麻</strong>混」 is one word); every other tag separates text. */
const INLINE_TAG = /<\/?(?:a|b|em|i|strong|u)(?:\s[^>]*)?>/gi;

/** The text a reader sees in sanitised rich-text HTML: inline tags vanish, others become spaces, entities their characters. */
export function plainTextOfHtml(html: string): string {
  return html
    .replace(INLINE_TAG, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

/** Base-36 digits per character: 36⁴ > U+10FFFF, so every character has a token of the same width. */
const CHAR_WIDTH = 4;
const charTokens = (text: string) => Array.from(text, (char) => (char.codePointAt(0) ?? 0).toString(36).padStart(CHAR_WIDTH, "0"));

/** Shortest word the trigram index finds; shorter words go to the grams index. */
export const TRIGRAM_MIN_LENGTH = 3;

/** Folded text as grams tokens: 'お茶 ab' → tokens of 'お茶', '茶', 'ab', 'b'. */
export function searchGrams(folded: string): string {
  const tokens: string[] = [];
  for (const run of folded.split(/\s+/u)) {
    const chars = charTokens(run);
    chars.forEach((char, index) => tokens.push(char + (chars[index + 1] ?? "")));
  }
  return tokens.join(" ");
}

export interface SearchDocument {
  title: string;
  body: string;
  gramsTitle: string;
  gramsBody: string;
}

/** A product's row in both indexes, from its stored fields (description as sanitised HTML). */
export function searchDocument(product: { title: string; catchcopy: string; description: string }): SearchDocument {
  const title = foldSearchText(product.title);
  const body = foldSearchText(`${product.catchcopy}\n${plainTextOfHtml(product.description)}`);
  return { title, body, gramsTitle: searchGrams(title), gramsBody: searchGrams(body) };
}

/** An FTS5 string: the text in double quotes, its own quotes doubled, so no character is query syntax. */
export const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

export interface KeywordMatch {
  /** MATCH expression for `product_search` when every word has 3+ characters; else null. */
  trigram: string | null;
  /**
   * MATCH expression for `product_search_grams` when a word has 1–2 characters, the longer words with it as
   * phrases of their character pairs (the grams index finds any substring so); else null. One index lookup
   * either way: FTS5 intersects the words itself, seeking in each word's postings (decision 0029).
   */
  grams: string | null;
}

/** The same match limited to the title column: every word in the title (ranks a product first). */
export function inTitle(match: KeywordMatch): KeywordMatch {
  const title = (expression: string | null) => (expression == null ? null : `title : (${expression})`);
  return { trigram: title(match.trigram), grams: title(match.grams) };
}

/**
 * A word as grams tokens: one or two characters, the token of the pair (a prefix query for one character,
 * which matches every pair it starts); longer, the phrase of its consecutive pairs.
 */
function gramsTerm(term: string): string {
  const chars = charTokens(term);
  if (chars.length === 1) return `${ftsString(chars[0]!)} *`;
  return ftsString(
    chars
      .slice(1)
      .map((char, index) => chars[index] + char)
      .join(" "),
  );
}

/** Every word must match (AND): through trigrams when all have 3+ characters, otherwise all through grams. */
export function keywordMatch(terms: string[]): KeywordMatch {
  const folded = terms.map(foldSearchText).filter(Boolean);
  if (folded.every((term) => Array.from(term).length >= TRIGRAM_MIN_LENGTH)) {
    return { trigram: folded.length ? folded.map(ftsString).join(" AND ") : null, grams: null };
  }
  return { trigram: null, grams: folded.map(gramsTerm).join(" AND ") };
}
