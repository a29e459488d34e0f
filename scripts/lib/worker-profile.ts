/**
 * The Worker's CPU as workerd's DevTools inspector samples it (the V8 CPU profiler), shared by
 * `npm run profile` (scripts/profile-ssr.ts) and the bench's CPU per page (scripts/lib/bench-cpu.ts).
 */
import WebSocket from "ws";

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A minimal DevTools protocol client over the inspector's WebSocket (`inspector`: its http://host:port). */
export async function connectInspector(inspector: string) {
  const [target] = (await (await fetch(`${inspector}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  // Miniflare's inspector proxy refuses a WebSocket without an Origin (Node's built-in client sends none).
  const socket = new WebSocket(target!.webSocketDebuggerUrl, { origin: inspector });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id != null) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Self time per node (µs) from the samples. */
export function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  return self;
}

/** The profile's pseudo-nodes where the isolate ran no JavaScript: waiting (idle), the embedder's own code (program), GC. */
export const NOT_JAVASCRIPT = /^\((idle|program|garbage collector)\)$/;

/**
 * The isolate's sampled time (µs) running JavaScript and collecting garbage: what a Worker's CPU time is made
 * of, as far as the sampler sees it. Waiting on I/O and workerd's own native work ("(program)") are left out.
 */
export function isolateBusyMicros(profile: Profile): { javascript: number; garbageCollection: number } {
  const self = selfTimes(profile);
  let javascript = 0;
  let garbageCollection = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    if (node.callFrame.functionName === "(garbage collector)") garbageCollection += time;
    else if (!NOT_JAVASCRIPT.test(node.callFrame.functionName)) javascript += time;
  }
  return { javascript, garbageCollection };
}
