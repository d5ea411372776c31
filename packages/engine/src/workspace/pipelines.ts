// A Workspace's content pipelines: the project's own (`content`, masking as the person chose), and
// a second one for a person's explicit one-off choice the other way (an unmasked export). Agents
// always read through `content`.
import { ContentPipeline } from '../content/pipeline';
import type { Encoding } from '../types';

export class ContentPipelines {
  private own: ContentPipeline | undefined;
  private other: ContentPipeline | undefined;

  /** `masking`: as chosen (options, then `setMasking`); undefined: the pipeline's default (on). */
  constructor(
    private readonly root: string,
    private readonly encoding: () => Encoding,
    private readonly rulesPath: string | undefined,
    private masking: boolean | undefined,
  ) {}

  private make(mask: boolean | undefined): ContentPipeline {
    return new ContentPipeline(this.root, {
      encoding: this.encoding(),
      ...(mask !== undefined ? { mask } : {}),
      ...(this.rulesPath ? { rulesPath: this.rulesPath } : {}),
    });
  }

  /** The one content pipeline (read -> mask -> select -> compress) for this project. */
  get content(): ContentPipeline {
    this.own ??= this.make(this.masking);
    return this.own;
  }

  /** The pipeline with masking on or off: the project's own when that matches, else the other one. */
  contentFor(mask: boolean): ContentPipeline {
    if (mask === this.content.masking) return this.content;
    this.other ??= this.make(mask);
    return this.other;
  }

  /**
   * Switches masking for every later read: agents' next calls, previews and the search index
   * follow. The two pipelines swap, so a read still running finishes on the one it started with.
   */
  setMasking(on: boolean): void {
    if (on === this.content.masking) return;
    const previous = this.own;
    this.masking = on;
    this.own = this.other; // made for the other choice, when it exists
    this.other = previous;
  }

  /**
   * Later reads get new pipelines (the encoding changed); a read still running finishes on the old
   * one, closed a while later (or when the workspace closes).
   */
  renew(): void {
    for (const p of [this.own, this.other]) {
      if (!p) continue;
      this.retiring.add(p);
      setTimeout(() => {
        if (this.retiring.delete(p)) void p.close();
      }, 30_000).unref?.();
    }
    this.own = undefined;
    this.other = undefined;
  }

  private readonly retiring = new Set<ContentPipeline>();

  async close(): Promise<void> {
    await this.own?.close();
    await this.other?.close();
    for (const p of this.retiring) await p.close();
    this.retiring.clear();
  }
}
