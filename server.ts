/** The Worker entry: static assets are served by Workers assets; everything else goes to Remix. */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`.
import * as build from "./build/server/index.js";
import { getLoadContext } from "./app/load-context";
import { finishResponse, refuseCrossSiteMutation } from "./app/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const refused = refuseCrossSiteMutation(request);
    if (refused) return finishResponse(refused, 0);
    const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
    const response = await handleRemixRequest(request, loadContext);
    return finishResponse(response, loadContext.d1Usage.roundTrips);
  },
} satisfies ExportedHandler<Env>;
