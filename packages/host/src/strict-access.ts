// Strict focus in the host: the open project's reads outside its focus are asked of the person
// (access-requests.ts holds the waiting cards), and the window follows the strict setting when it
// changes here or in another process.
import type { AccessChoice, AccessRequestInfo } from '@loupe/common';
import { AccessRequests } from './access-requests';
import { HostError } from './errors';
import type { HostEventBus } from './events';
import type { OpenProject } from './project';
import * as v from './validate';

export class StrictAccess {
  /** Strict-focus reads of the open project waiting for the person. */
  private access: AccessRequests | undefined;

  constructor(
    private readonly bus: HostEventBus,
    private readonly askTimeoutMs: number | undefined,
  ) {}

  /** The window asks the person about reads outside the strict focus of `project`. */
  askFor(project: OpenProject): void {
    const access = new AccessRequests(
      this.bus,
      (path) => {
        project.ws.toggleFocus(path, true);
        return project.ws.focus.snapshot.revision;
      },
      this.askTimeoutMs,
    );
    project.mcp.asker = access;
    project.adopt(() => {
      access.close();
      if (this.access === access) this.access = undefined;
    });
    // The setting changed here or in another process (seen on an agent's call): the window follows.
    project.adopt(project.mcp.onDidChangeStrict(() => this.bus.emit('didChangeProject', project.info())));
    this.access = access;
  }

  list(): AccessRequestInfo[] {
    return this.access?.list() ?? [];
  }

  answer(arg: unknown): AccessRequestInfo[] {
    const a = v.record(arg);
    const access = this.access;
    if (!access) throw new HostError('no-project', 'No project is open. Open a folder first.');
    return access.answer(v.string(a.id, 'request id'), a.choice as AccessChoice);
  }
}
