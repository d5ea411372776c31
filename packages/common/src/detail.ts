// The choices a pack is made with, as lists every room checks against: the detail levels of the
// compressor and the packer's formats. The engine compresses by them, the host validates the
// window's options and settings with them, the MCP tools offer them, the window lists them.

/** Detail levels, least to most compressed: full text, no comments, signatures, an outline. */
export const DETAILS = ['full', 'compact', 'signatures', 'outline'] as const;
export type Detail = (typeof DETAILS)[number];

/** The packer's document formats. */
export const PACK_FORMATS = ['markdown', 'xml', 'plain'] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

export function isDetail(x: unknown): x is Detail {
  return (DETAILS as readonly unknown[]).includes(x);
}

export function isPackFormat(x: unknown): x is PackFormat {
  return (PACK_FORMATS as readonly unknown[]).includes(x);
}

/** Whether `a` compresses more than `b` (`outline` is the most). */
export function moreCompressed(a: Detail, b: Detail): boolean {
  return DETAILS.indexOf(a) > DETAILS.indexOf(b);
}
