/** What the search and category pages answer and the search components read (types only: the browser bundle imports it). */
export type { FacetOption, SearchFacets, SearchPage, SearchResults } from "~/services/search/search.server";
export type { FacetCounts } from "~/services/search/search-facet-counts.server";
