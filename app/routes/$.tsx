// Unknown URLs render the Japanese 404 inside the shop layout.
export function loader() {
  throw new Response("お探しのページは見つかりませんでした。", { status: 404 });
}

export default function NotFound() {
  return null;
}
