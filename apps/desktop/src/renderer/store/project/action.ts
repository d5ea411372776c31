import type { FocusState, HostApi, Notice, Progress, ProjectInfo } from '@loupe/common';
import type { ProjectState } from './initialState';

export interface ProjectDeps {
  host: () => HostApi;
}

type Set = (partial: Partial<ProjectState> | ((s: ProjectState) => Partial<ProjectState>)) => void;
type Get = () => ProjectState;

export interface ProjectActions {
  setConnected(connected: boolean, problem?: string): void;
  /** Opens a folder; resolves to the project, or null when it failed (a notice says why). */
  open(path: string): Promise<ProjectInfo | null>;
  /** Asks for a folder (native dialog) and opens it; null when there is no dialog or it was cancelled. */
  chooseAndOpen(): Promise<ProjectInfo | null | 'no-dialog'>;
  loadRecent(): Promise<void>;
  cancel(): Promise<void>;
  rescan(): Promise<void>;
  projectOpened(info: ProjectInfo | null): void;
  /**
   * Masks secret values for the open project, or stops masking (saved for the project; agents,
   * previews and exports follow). Resolves to the project's masking afterwards.
   */
  setMasking(on: boolean): Promise<boolean | null>;
  setProgress(progress: Progress): void;
  setFocus(focus: FocusState): void;
  /**
   * Drops ticked (and unticked) paths that no longer exist from the focus, through the host's
   * setFocus; other rules stay. Resolves to how many were dropped.
   */
  forgetMissing(): Promise<number>;
  notify(notice: Notice): void;
  dismiss(id: number): void;
}

export function createProjectActions(set: Set, _get: Get, deps: ProjectDeps): ProjectActions {
  let noticeId = 0;
  const fail = (error: unknown) => actions.notify({ level: 'error', message: (error as Error).message });

  const actions: ProjectActions = {
    setConnected(connected, problem) {
      set({ connected, connectionProblem: problem ?? null });
    },
    async open(path) {
      set({ opening: true });
      try {
        const info = await deps.host().openProject({ path });
        actions.projectOpened(info);
        void actions.loadRecent();
        return info;
      } catch (error) {
        if ((error as { code?: string }).code !== 'cancelled') fail(error);
        return null;
      } finally {
        set({ opening: false });
      }
    },
    async chooseAndOpen() {
      const path = await deps.host().chooseFolder();
      if (path === null) return 'no-dialog';
      return actions.open(path);
    },
    async loadRecent() {
      try {
        set({ recent: await deps.host().recentProjects() });
      } catch (error) {
        fail(error);
      }
    },
    async cancel() {
      await deps.host().cancel().catch(fail);
    },
    async rescan() {
      await deps.host().rescan().catch(fail);
    },
    projectOpened(info) {
      set({ project: info });
    },
    async setMasking(on) {
      try {
        const info = await deps.host().setProjectMasking({ on });
        set({ project: info });
        return info.masking;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    setProgress(progress) {
      set({ progress });
    },
    setFocus(focus) {
      set({ summary: focus.summary, revision: focus.revision });
    },
    async forgetMissing() {
      try {
        const host = deps.host();
        // The host's focus, not the summary the window last saw: it may have moved on since.
        const focus = await host.getFocus();
        const gone = new Set(focus.summary.missing);
        if (!gone.size) return 0;
        const keep = (paths: string[]) => paths.filter((p) => !gone.has(p));
        actions.setFocus(await host.setFocus({ include: keep(focus.include), exclude: keep(focus.exclude) }));
        return gone.size;
      } catch (error) {
        fail(error);
        return 0;
      }
    },
    notify(notice) {
      set((s) => ({ notices: [...s.notices.slice(-4), { ...notice, id: ++noticeId }] }));
    },
    dismiss(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
  };
  return actions;
}
