// Connect an agent: ready configurations with copy buttons, the socket path, the HTTP endpoint.
import { useEffect } from 'react';
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
        <dd>
          {info.http ? (
            <>
              <code>{info.http.url}</code>{' '}
              <button type="button" onClick={() => void copy(info.http!.token, 'HTTP token')}>
                Copy token
              </button>
            </>
          ) : (
            <span className="muted">
              off (for a headless HTTP endpoint with a bearer token, run <code>loupe mcp --http</code> in the
              project)
            </span>
          )}
        </dd>
      </dl>
      {info.clients.map((c) => (
        <div key={c.id} className="client-config">
          <div className="client-head">
            <strong>{c.name}</strong> <span className="muted">{c.where}</span>
            <button type="button" onClick={() => void copy(c.text, `${c.name} configuration`)}>
              Copy
            </button>
          </div>
          <pre>{c.text}</pre>
        </div>
      ))}
    </section>
  );
}
