import type { FocusSummary, Notice, Progress, ProjectInfo, RecentProject } from '@loupe/common';

export interface ProjectState {
  /** Connected to the host (false until the transport is up, and after it closes). */
  connected: boolean;
  connectionProblem: string | null;
  project: ProjectInfo | null;
  opening: boolean;
  recent: RecentProject[];
  progress: Progress;
  summary: FocusSummary | null;
  revision: number;
  /** Messages for the person (warnings, errors), oldest first. */
  notices: Array<Notice & { id: number }>;
}

export const initialProjectState: ProjectState = {
  connected: false,
  connectionProblem: null,
  project: null,
  opening: false,
  recent: [],
  progress: { phase: 'idle', done: 0, total: 0, message: '', cancellable: false },
  summary: null,
  revision: 0,
  notices: [],
};
