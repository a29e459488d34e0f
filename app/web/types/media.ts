/** The images the components show and upload (types only: the browser bundle imports it). */
export type { MediaItem } from "~/services/media.server";
