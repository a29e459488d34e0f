/** What the product photo page answers and its component reads (types only: the browser bundle imports it). */

/** One photo in the editor, in order (the first is the main one). */
export interface ProductPhotoView {
  id: number;
  alt: string;
  variationId: number | null;
  /** The list thumbnail's URL (the seed's files under public/ have one size). */
  thumbnail: string;
  /** The zoom's URL, opened by the thumbnail. */
  zoom: string;
  width: number;
  height: number;
  /** Uploaded to R2 (replaceable); false for the seed's files under public/. */
  uploaded: boolean;
}

export interface ProductPhotosPageData {
  product: { id: number; sku: string; title: string; status: string };
  photos: ProductPhotoView[];
  variations: { id: number; sku: string; title: string }[];
  /** The page's own path (forms post to it). */
  path: string;
  /** Where the product's editor is. */
  editorPath: string;
  limit: number;
  notice: string | null;
}

/** A refused post: its message, the photo it was about (null: the upload form) and what was typed. */
export interface ProductPhotosActionData {
  error: string;
  mediaId: number | null;
  field: "file" | "alt" | "variationId" | null;
  alt: string;
}
