/**
 * Search across tickets (issue 36 item 9, decision 0047), pure: the words typed into the staff list's
 * キーワード and the forms each is looked for in. The index holds messages, notes and descriptions as they
 * were written (its triggers cannot fold text), so the folding happens here, on the query: a word typed in
 * any width or kana script is looked for in each form a customer or colleague may have written it in.
 *
 * - Every word must be found somewhere in the ticket (AND), each in any of its forms (OR).
 * - A word of 3+ characters is one trigram MATCH per index; a shorter one (返品, 破損, 7) cannot be, and is
 *   looked for with instr() in the messages of the tickets the other conditions leave (decision 0047).
 */
import { halfWidthKana } from "~/core/orders/b2-csv";
import { hiraganaToKatakana, katakanaToHiragana } from "~/core/kana";
import { ftsString, TRIGRAM_MIN_LENGTH } from "~/core/search/search-index";
import { collapseSpaces } from "~/core/search/search-text";

/** Words searched at most; the rest of a longer query is ignored (each word is one more lookup). */
export const TICKET_SEARCH_MAX_TERMS = 5;

export interface TicketSearchTerm {
  /** The word in each form it is looked for in (distinct; the NFKC form first). */
  forms: string[];
  /** The trigram MATCH of any of the forms; null for a word shorter than TRIGRAM_MIN_LENGTH. */
  match: string | null;
}

/** ASCII letters, digits and symbols as full-width characters (Ａ-Ｚ, ０-９, －), spaces as the ideographic space. */
function fullWidth(text: string): string {
  return text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)).replace(/ /g, "\u3000");
}

/**
 * A word's forms: NFKC (half-width letters and digits, full-width kana) in lower case, its letters, digits and
 * symbols full-width (lower and upper case: SQL's lower() folds only ASCII), its kana as katakana, as
 * hiragana and as half-width katakana.
 */
export function searchForms(word: string): string[] {
  const plain = word.normalize("NFKC").toLowerCase();
  const forms = [plain, fullWidth(plain), fullWidth(plain.toUpperCase()), hiraganaToKatakana(plain), katakanaToHiragana(plain), halfWidthKana(plain)];
  return [...new Set(forms)].filter((form) => form !== "");
}

/** The words of a キーワード query (NFKC, spaces of any width between words), at most TICKET_SEARCH_MAX_TERMS. */
export function ticketSearchTerms(text: string): TicketSearchTerm[] {
  const words = collapseSpaces(text.normalize("NFKC")).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, TICKET_SEARCH_MAX_TERMS).map((word) => {
    const forms = searchForms(word);
    const long = Array.from(word).length >= TRIGRAM_MIN_LENGTH;
    return { forms, match: long ? forms.map(ftsString).join(" OR ") : null };
  });
}
