// The typed arrays of an index built in bulk, cut from large shared buffers. Tens of thousands of
// small arrays, each its own malloc, leave the allocator's heap in holes when the project closes
// (glibc keeps a fragmented heap resident: 140 MiB after test262's index was dropped, the
// `memory-child` bench). A buffer above glibc's largest mmap threshold (32 MiB) is a mapping of
// its own, handed back whole when the last array cut from it is collected.
const SLAB_BYTES = 33 * 1024 * 1024;
/** Arrays this large are mappings of their own already (or soon): not worth a slab's room. */
const OWN_BYTES = 256 * 1024;

export type Uint32Alloc = (length: number) => Uint32Array;

export const plainUint32: Uint32Alloc = (length) => new Uint32Array(length);

/** An allocator of Uint32Arrays from slabs; the slabs live as long as any array cut from them. */
export function slabUint32(): Uint32Alloc {
  let slab: ArrayBuffer | undefined;
  let at = 0;
  return (length) => {
    const bytes = length * 4;
    if (bytes >= OWN_BYTES) return new Uint32Array(length);
    if (!slab || at + bytes > slab.byteLength) {
      slab = new ArrayBuffer(SLAB_BYTES);
      at = 0;
    }
    const out = new Uint32Array(slab, at, length);
    at += bytes;
    return out;
  };
}
