export { type Declaration, type DeclarationKind, declarations, declarationsOfTree } from './declarations';
export { DECLARATIONS_VERSION, DeclarationStore } from './store';
