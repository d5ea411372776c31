export { type Declaration, type DeclarationKind, declarations, declarationsOfTree } from './declarations';
