export { DECLARATIONS_VERSION, DeclarationCache } from './declaration-cache';
export { type Declaration, type DeclarationKind, declarations, declarationsOfTree } from './declarations';
