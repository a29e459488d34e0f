import { Form, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { CONFIRMATION_BUTTONS, confirmationView, TICKET_API_HEADER, TICKET_TEXT, type ConfirmationAnswer, type TicketState } from "~/core/tickets/tickets";
import { useHydrated } from "../forms/useHydrated";

/**
 * Resolution confirmation (spec screen 3, §4): while staff's request is waiting, two buttons — with JS
 * they call GET /crm/api/tickets/confirmation/{id}/{answer}, without JS they post the thread page's form.
 * Afterwards only the label, with the notice that customer service was notified.
 */
export function ConfirmationBox({ ticketId, state, notice }: { ticketId: number; state: TicketState; notice: string | null }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [answered, setAnswered] = useState<{ state: TicketState; notice: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = answered?.state ?? state;
  const view = confirmationView(shown);
  const shownNotice = answered?.notice ?? notice;

  async function answer(choice: ConfirmationAnswer) {
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/crm/api/tickets/confirmation/${ticketId}/${choice}`, {
        cache: "no-store",
        credentials: "same-origin",
        headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
      });
      const body = (await response.json()) as { ticket?: TicketState; notice?: string; error?: string };
      if (!response.ok || !body.ticket) throw new Error(body.error ?? TICKET_TEXT.confirmationNotWaiting);
      setAnswered({ state: body.ticket, notice: body.notice ?? TICKET_TEXT.confirmationNotified });
      revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : TICKET_TEXT.confirmationNotWaiting);
    } finally {
      setPending(false);
    }
  }

  if (view.mode === "none") return null;
  return (
    <section aria-labelledby="confirmation-heading" className="card grid gap-2 p-3" data-testid="confirmation">
      <h2 id="confirmation-heading" className="m-0 text-base">
        問題は解決しましたか？
      </h2>
      {view.mode === "ask" ? (
        <>
          <p className="m-0 text-sm">カスタマーサービスから解決の確認をお願いしています。7日間ご回答がない場合は、お問い合わせを終了します。</p>
          <Form
            method="post"
            className="flex flex-wrap gap-2"
            onSubmit={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              const value = submitter?.value;
              if (value === "resolved" || value === "unresolved") void answer(value);
            }}
          >
            <input type="hidden" name="intent" value="confirm" />
            {(Object.keys(CONFIRMATION_BUTTONS) as ConfirmationAnswer[]).map((choice) => (
              <button
                key={choice}
                type="submit"
                name="answer"
                value={choice}
                disabled={pending}
                className={choice === "resolved" ? "btn-primary" : "btn-secondary"}
              >
                {CONFIRMATION_BUTTONS[choice]}
              </button>
            ))}
          </Form>
          {error ? (
            <p role="alert" className="field-error m-0">
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="m-0">
            <span className="badge bg-gray-700 text-white" data-testid="confirmation-label">
              {view.label}
            </span>
          </p>
          {shownNotice ? (
            <p id={RESULT_ANCHOR} role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="confirmation-notice">
              {shownNotice}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
