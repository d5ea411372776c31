// Shown while the link to `loupe serve` is down: the last tree stays visible (and disabled) under
// it. A lost link counts down to its next attempt; a refused token says how to get a fresh address.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { connectionStore } from '../store/connection';

function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

export function ConnectionBanner() {
  const status = useStore(connectionStore, (s) => s.status);
  const retryNow = useStore(connectionStore, (s) => s.retryNow);
  const seconds = useSecondsUntil(status.state === 'lost' ? status.retryAt : null);
  if (status.state === 'refused')
    return (
      <div className="connection-banner" role="alert" data-testid="connection-banner">
        <strong>Loupe refused the session token in this address.</strong> It is from an earlier `loupe serve`
        (each run makes a new one). Open the address `loupe serve` printed in its terminal, or run `loupe
        serve` again for a fresh one.
      </div>
    );
  if (status.state !== 'lost') return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      <strong>Lost the connection to Loupe.</strong> The last tree stays on screen, read-only.{' '}
      {seconds > 0
        ? `Trying again in ${seconds} s (attempt ${status.attempt}).`
        : `Trying again (attempt ${status.attempt})…`}{' '}
      <button type="button" onClick={retryNow}>
        Try again now
      </button>
    </div>
  );
}
