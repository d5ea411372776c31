// Shell (bash grammar): functions and top-level variables.
import type { SyntaxSpec } from './spec';

export const bash: SyntaxSpec = {
  comments: ['comment'],
  keepComment: /^#!/,
  strings: ['heredoc_body', 'raw_string', 'string', 'ansi_c_string'],
  structure: {
    functions: { function_definition: {} },
    bindings: [],
    wrappers: [],
    calls: [],
    arguments: [],
    blocks: ['compound_statement'],
    stub: 'bash',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      function_definition: { kind: 'function' },
      variable_assignment: { kind: 'variable', moduleLevelOnly: true },
    },
    rangeParents: [],
    separator: '.',
  },
};
