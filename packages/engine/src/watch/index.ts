// Live updates: the watcher, the change journal, and what they report.
export {
  ChangeJournal,
  type ChangeKind,
  type FileChanges,
  type FilesChangedEvent,
  JOURNAL_CAP,
} from './journal';
export type { IndexUpdate } from './plan';
export { ProjectWatcher, type WatchOptions, type WatchState, type WatchStatus } from './watcher';
