// Connect an agent: ready configurations (the host's clientConfigs, the same text docs/agents.md
// shows) with a copy button naming each client, the socket path, and the optional HTTP endpoint
// (turned on here; its bearer token stays masked until revealed).
import type { ConnectInfo } from '@loupe/common';
import { useEffect, useState } from 'react';
import { clipboard } from '../services/clipboard';
import { useSettings } from '../store/hooks';
import { projectStore, settingsStore, uiStore } from '../store/index';

async function copy(text: string, what: string) {
  try {
    await clipboard.writeText(text);
    uiStore.getState().toast(`Copied the ${what}`);
  } catch (error) {
    projectStore.getState().notify({ level: 'error', message: (error as Error).message });
  }
}

const MASK = '•'.repeat(16);

function HttpEndpoint({ info }: { info: ConnectInfo }) {
  const on = useSettings((s) => s.settings?.httpEndpoint ?? false);
  const [reveal, setReveal] = useState(false);
  // The box shows the wanted state while the host starts or stops the endpoint (the host applies
  // quick on/off/on changes one after another, so the box need not lock meanwhile).
  const [pending, setPending] = useState<boolean | null>(null);
  const toggle = async (next: boolean) => {
    setPending(next);
    setReveal(false);
    try {
      await settingsStore.getState().update({ httpEndpoint: next });
    } catch (error) {
      projectStore.getState().notify({ level: 'error', message: (error as Error).message });
    } finally {
      setPending(null);
    }
  };
  const http = info.http;
  return (
    <dd className="http-endpoint" data-testid="http-endpoint">
      <label className="check">
        <input
          type="checkbox"
          checked={pending ?? on}
          aria-busy={pending !== null}
          onChange={(e) => void toggle(e.target.checked)}
        />
        Serve MCP over HTTP on 127.0.0.1
      </label>
      {http ? (
        <div className="http-details">
          <div>
            <code data-testid="http-url">{http.url}</code>{' '}
            <button type="button" onClick={() => void copy(http.url, 'HTTP address')}>
              Copy URL
            </button>
          </div>
          <div>
            Token <code data-testid="http-token">{reveal ? http.token : MASK}</code>{' '}
            <button type="button" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
              {reveal ? 'Hide' : 'Reveal'}
            </button>{' '}
            <button type="button" onClick={() => void copy(http.token, 'HTTP token')}>
              Copy token
            </button>
          </div>
          <p className="muted">
            Send it as <code>Authorization: Bearer &lt;token&gt;</code>. It stays the same across restarts
            (stored in Loupe's state folder); the endpoint stops when you turn it off or close the project.
          </p>
        </div>
      ) : (
        <span className="muted" data-testid="http-note">
          {info.httpNote ?? 'off'}
        </span>
      )}
    </dd>
  );
}

export function ConnectPanel() {
  const info = useSettings((s) => s.connect);
  useEffect(() => {
    void settingsStore.getState().loadConnect();
  }, []);
  if (!info) return <section className="panel">Loading…</section>;
  return (
    <section className="panel connect-panel" aria-label="Connect an agent">
      <h2>Connect an agent</h2>
      <p>
        Agents launch <code>{info.bridgeCommand.join(' ')}</code>, which joins this window's local socket (or
        serves the project headless with the last saved focus when Loupe is closed).
      </p>
      <dl className="endpoints">
        <dt>Socket</dt>
        <dd>
          {info.socketPath ? (
            <code>{info.socketPath}</code>
          ) : (
            <span className="muted">{info.socketNote ?? 'not running'}</span>
          )}
        </dd>
        <dt>HTTP</dt>
        <HttpEndpoint info={info} />
      </dl>
      {info.clients.map((c) => {
        const what = `${c.name} ${c.kind}`;
        return (
          <div key={c.id} className="client-config" data-testid={`client-${c.id}`}>
            <div className="client-head">
              <strong>{c.name}</strong> <span className="muted">{c.where}</span>
              <button type="button" onClick={() => void copy(c.text, what)}>
                Copy the {what}
              </button>
            </div>
            <pre>{c.text}</pre>
          </div>
        );
      })}
    </section>
  );
}
