// The host's outgoing events: one typed bus that every transport (and in-process callers) follow.
import type { EventName, HostEvents, Unsubscribe } from '@loupe/common';

export type EventListener = <K extends EventName>(name: K, payload: HostEvents[K]) => void;

export class HostEventBus {
  private readonly listeners = new Set<EventListener>();

  emit<K extends EventName>(name: K, payload: HostEvents[K]): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(name, payload);
      } catch (error) {
        // One broken transport must not stop the others.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  subscribe(listener: EventListener): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Subscribes to one event. */
  on<K extends EventName>(name: K, listener: (payload: HostEvents[K]) => void): Unsubscribe {
    return this.subscribe((n, payload) => {
      if ((n as EventName) === name) listener(payload as HostEvents[K]);
    });
  }
}
