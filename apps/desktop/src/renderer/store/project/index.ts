import { createStore } from 'zustand/vanilla';
import { createProjectActions, type ProjectActions, type ProjectDeps } from './action';
import { initialProjectState, type ProjectState } from './initialState';

export type ProjectStore = ProjectState & ProjectActions;

export function createProjectStore(deps: ProjectDeps) {
  return createStore<ProjectStore>()((set, get) => ({
    ...initialProjectState,
    ...createProjectActions(set, get, deps),
  }));
}

export type { ProjectState } from './initialState';
