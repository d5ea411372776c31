// The path jail: untrusted paths in, visible project paths (or a refusal with its reason) out.
export {
  describeHidden,
  type JailCode,
  type JailDeps,
  type JailVerdict,
  type JailView,
  jailPath,
} from './jail';
export { deviceName, type LexicalRefusal, type LexicalResult, lexicalPath, relativeInside } from './lexical';
export { boundedDistance, nearestPaths } from './nearest';
export { createJailView, type JailSource } from './view';
