// The window's file preview: one file exactly as an agent's get_file receives it at a detail level,
// read through the same content source the MCP tools use (the project's one pipeline: masked,
// compressed, counted), with a mask session of its own as a fresh agent session has. Never the
// unmasked text unless the person turned masking off for the project, and then it says so.
import { DETAILS, type FilePreview, groupDigits } from '@loupe/common';
import { countTokens } from '@loupe/engine';
import { HostError } from './errors';
import type { OpenProject } from './project';
import * as v from './validate';

export async function previewFile(project: OpenProject, arg: unknown): Promise<FilePreview> {
  const a = v.record(arg);
  const path = v.string(a.path, 'path');
  const requested = v.oneOf(a.detail, DETAILS, 'detail level');
  const { ws, mcp } = project;
  const entry = ws.index.get(path);
  if (!entry)
    throw new HostError(
      'invalid-argument',
      `${JSON.stringify(path)} is not a visible file of this project (a folder, hidden, or gone).`,
    );
  const r = await mcp.content.read(path, { detail: requested }, ws.newMaskSession());
  // Counted as shown (the pipeline counts the text with its final line break, which get_file drops).
  const tokens = countTokens(r.text, ws.encoding);
  const notes = [...(r.notes ?? [])];
  if (!r.withheld && tokens > mcp.maxResultTokens)
    notes.push(
      `An agent reads this file in parts: ${groupDigits(tokens)} tokens is more than the ${groupDigits(mcp.maxResultTokens)} one get_file result carries.`,
    );
  return {
    path,
    requested,
    detail: r.level,
    text: r.text,
    tokens: r.withheld ? 0 : tokens,
    encoding: ws.encoding,
    totalLines: r.totalLines,
    masked: Object.values(r.masked).reduce((s, n) => s + n, 0),
    maskingActive: r.maskingActive,
    ...(r.withheld ? { withheld: r.withheld } : {}),
    notes,
  };
}
