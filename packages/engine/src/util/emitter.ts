// A tiny typed event: `onDidX(listener)` returns a disposer. Listeners run synchronously in order;
// one that throws does not stop the others.

export type Listener<T> = (event: T) => void;
export type Disposable = () => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

export class Emitter<T> {
  private listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
