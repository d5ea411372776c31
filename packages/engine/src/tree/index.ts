// The project tree: a model built once from the visible files, and its four renderings.
export { type CountTokens, countO200k } from './count';
export {
  buildTree,
  type FileNode,
  type FolderNode,
  type ReceivedMark,
  type TreeEntry,
  type TreeModel,
  type TreeNode,
} from './model';
export { type ParsedTree, parseMarkdownTree } from './parse';
export {
  renderTree,
  TREE_FIELDS,
  TREE_FORMATS,
  type TreeFormat,
  type TreeOptions,
  type TreeRendering,
} from './render';
export type { Counts, LimitReason, TreeField } from './view';
