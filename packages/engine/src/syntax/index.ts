// The syntax spec of every grammar.
import type { GrammarId } from '../lang/languages';
import { bash } from './bash';
import { c } from './c';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { js } from './js';
import { kotlin } from './kotlin';
import { css, html, ini, json, powershell, toml, yaml } from './markup';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import { scala } from './scala';
import type { SyntaxSpec } from './spec';

export * from './spec';

export const SYNTAX: Record<GrammarId, SyntaxSpec> = {
  typescript: js,
  tsx: js,
  javascript: js,
  python,
  go,
  rust,
  java,
  csharp,
  c,
  cpp: c,
  ruby,
  php,
  kotlin,
  scala,
  bash,
  powershell,
  css,
  html,
  json,
  yaml,
  toml,
  ini,
};
