/**
 * First-load JavaScript of every route, from the production build's Remix manifest: what a document of the
 * route names before it is interactive (the browser entry and its imports, and each matched route's module
 * with its imports, root included), gzipped one file at a time as the server sends them. The route
 * manifest is not among them: with lazy route discovery the document carries its own part inline.
 * It covers every route without a server or logins; the browser spec checks the six shop pages from the
 * documents themselves.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export interface RouteFirstLoad {
  routeId: string;
  bytes: number;
}

const CLIENT_DIR = "build/client";

function readManifest(): Manifest {
  const name = readdirSync(join(CLIENT_DIR, "assets")).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error("no Remix manifest in build/client/assets: run `npm run build` first");
  const source = readFileSync(join(CLIENT_DIR, "assets", name), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** Every route with a module (resource routes included: their document is their parent's), largest first. */
export function routeFirstLoads(): RouteFirstLoad[] {
  const manifest = readManifest();
  const sizes = new Map<string, number>();
  const gzipped = (path: string) => sizes.get(path) ?? sizes.set(path, gzipSync(readFileSync(join(CLIENT_DIR, path))).length).get(path)!;
  const chain = (id: string | undefined): ManifestRoute[] => (id ? [...chain(manifest.routes[id]!.parentId), manifest.routes[id]!] : []);
  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const matched of chain(route.id)) [matched.module, ...(matched.imports ?? [])].forEach((path) => files.add(path));
      return { routeId: route.id, bytes: [...files].reduce((total, path) => total + gzipped(path), 0) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}
