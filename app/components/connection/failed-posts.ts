/**
 * The posts that got no answer (connection-handling.ts), kept so a fetcher can send one again as it was
 * (useShopFetcher's `retry`): the failure the fetcher receives names its post by number.
 */
export interface FailedPost {
  formData: FormData;
  action: string;
  method: "post" | "put" | "patch" | "delete";
  encType: "application/x-www-form-urlencoded" | "multipart/form-data";
}

const posts = new Map<number, FailedPost>();
let lastNumber = 0;

export function keepFailedPost(post: FailedPost): number {
  posts.set(++lastNumber, post);
  return lastNumber;
}

export function failedPost(number: number | undefined): FailedPost | undefined {
  return number == null ? undefined : posts.get(number);
}
