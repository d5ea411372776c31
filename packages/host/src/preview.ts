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
  // The pipeline's own result, rendered here as get_file renders it (mcp/tools/read-one.ts).
  const r = await mcp.content.read(path, { detail: requested }, ws.newMaskSession());
  const maskingActive = r.kind === 'content' ? r.masked : mcp.content.maskingActive;
  if (r.kind !== 'content') {
    // A whole-file read asks for no symbol: only a withheld file lands here.
    const withheld = r.kind === 'withheld' ? r.reason : 'Not read.';
    return {
      path,
      requested,
      detail: 'full',
      text: '',
      tokens: 0,
      encoding: ws.encoding,
      totalLines: r.kind === 'symbol-miss' ? r.totalLines : 0,
      masked: 0,
      maskingActive,
      withheld,
      notes: [],
    };
  }
  // Counted as shown: get_file drops the text's final line break.
  const text = r.text.endsWith('\n') ? r.text.slice(0, -1) : r.text;
  const tokens = countTokens(text, ws.encoding);
  const notes = r.levelReason ? [`Detail ${r.level}, not ${r.requested}: ${r.levelReason}.`] : [];
  if (tokens > mcp.maxResultTokens)
    notes.push(
      `An agent reads this file in parts: ${groupDigits(tokens)} tokens is more than the ${groupDigits(mcp.maxResultTokens)} one get_file result carries.`,
    );
  return {
    path,
    requested,
    detail: r.level,
    text,
    tokens,
    encoding: ws.encoding,
    totalLines: r.range.total,
    masked: Object.values(r.maskedByRule).reduce((s, n) => s + n, 0),
    maskingActive,
    notes,
  };
}
