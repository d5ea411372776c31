// Every tool Loupe serves, in the order tools/list shows them (at most 7: agents pay for each).
import type { ToolRegistry } from '../registry';
import { registerFocusStatusTool } from './focus-status';
import { registerGetFileTool } from './get-file';
import { registerGetTreeTool } from './get-tree';
import { registerPackTool } from './pack';
import { registerRelatedFilesTool } from './related-files';
import { registerSearchTool } from './search';

export function registerAllTools(registry: ToolRegistry): void {
  registerGetTreeTool(registry);
  registerGetFileTool(registry);
  registerSearchTool(registry);
  registerPackTool(registry);
  registerRelatedFilesTool(registry);
  registerFocusStatusTool(registry);
}
