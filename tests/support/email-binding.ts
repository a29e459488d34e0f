/**
 * Miniflare's simulation of Cloudflare Email Service's `send_email` binding — the one `wrangler dev` gives
 * the Worker — for integration tests. wrangler's getPlatformProxy leaves that binding out, so a tiny relay
 * Worker holds it: the test's `binding.send(message)` goes to the relay, which calls the real simulated
 * binding and answers its result (or its refusal as the error). `sent` records what the binding accepted.
 *
 *   const email = await startEmailBinding({ allowedDestinations: ["buyer@example.jp"] });
 *   await consumeMailQueue(batch, { ...platform.env, EMAIL: email.binding }, platform.db);
 *   expect(email.sent).toHaveLength(1);
 */
import { Miniflare } from "miniflare";

/** What the relay answers: the binding's result, or the message of what it threw. */
type RelayAnswer = { messageId: string } | { error: string };

const RELAY_SCRIPT = `export default {
  async fetch(request, env) {
    try {
      return Response.json(await env.EMAIL.send(await request.json()));
    } catch (error) {
      return Response.json({ error: String(error && error.message) }, { status: 500 });
    }
  },
};`;

/** A message the binding accepted (the MessageBuilder form the app sends). */
export interface SentEmail {
  from: string | { name: string; email: string };
  to: string;
  subject: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
  messageId: string;
}

export interface EmailBinding {
  binding: SendEmail;
  sent: SentEmail[];
  dispose(): Promise<void>;
}

/** `allowedDestinations`: the binding refuses any other recipient, as a restricted binding does. */
export async function startEmailBinding(options: { allowedDestinations?: string[] } = {}): Promise<EmailBinding> {
  const miniflare = new Miniflare({
    modules: true,
    script: RELAY_SCRIPT,
    compatibilityDate: "2025-04-01",
    email: { send_email: [{ name: "EMAIL", ...(options.allowedDestinations ? { allowed_destination_addresses: options.allowedDestinations } : {}) }] },
  });
  await miniflare.ready;
  const sent: SentEmail[] = [];
  const binding = {
    async send(message: Omit<SentEmail, "messageId">) {
      const response = await miniflare.dispatchFetch("http://relay.test/", { method: "POST", body: JSON.stringify(message) });
      const answer = (await response.json()) as RelayAnswer;
      if ("error" in answer) throw new Error(answer.error);
      sent.push({ ...message, messageId: answer.messageId });
      return answer;
    },
  } as unknown as SendEmail;
  return { binding, sent, dispose: () => miniflare.dispose() };
}
