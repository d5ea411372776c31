// Strict focus: an agent asked to read a file outside the focus. One card per waiting read, newest
// first, each with Allow once, Add to focus and Deny (plain buttons: Tab reaches them, Enter and
// Space press them). The agent's call waits for the answer, or until the time shown.
import type { AccessChoice, AccessRequestInfo } from '@loupe/common';
import { formatTime } from '../model/format';
import { useRequests } from '../store/hooks';
import { requestsStore } from '../store/index';

const CHOICES: Array<[AccessChoice, string, string]> = [
  ['allow-once', 'Allow once', 'Send this read only; the focus stays as it is'],
  ['add-to-focus', 'Add to focus', 'Tick the file: every agent session sees it from now on'],
  ['deny', 'Deny', 'Refuse this read; the agent is told you said no'],
];

function RequestCard({ request, busy }: { request: AccessRequestInfo; busy: boolean }) {
  return (
    <li
      className="access-request"
      data-testid="access-request"
      aria-label={`${request.client} asked for ${request.path}`}
    >
      <p>
        <strong>{request.client}</strong> asked for <code>{request.path}</code> ({request.part}, via{' '}
        {request.tool})
      </p>
      <p className="muted">
        Outside the strict focus. Unanswered by {formatTime(request.until)}, the agent is refused.
      </p>
      <div className="actions">
        {CHOICES.map(([choice, label, title]) => (
          <button
            key={choice}
            type="button"
            title={title}
            disabled={busy}
            onClick={() => void requestsStore.getState().answer(request.id, choice)}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}

export function AccessRequests() {
  const { requests, answering } = useRequests((s) => ({ requests: s.requests, answering: s.answering }));
  return (
    <section className="access-requests" aria-label="Read requests" aria-live="polite">
      {requests.length ? (
        <ol>
          {requests.map((r) => (
            <RequestCard key={r.id} request={r} busy={answering.includes(r.id)} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
