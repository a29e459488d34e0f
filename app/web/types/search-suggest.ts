/** What GET /api/search/suggest answers and the header's combobox reads (types only: the browser bundle imports it). */
export type { CategorySuggestion, ProductSuggestion, SearchSuggestions } from "~/services/search/search-suggest.server";
