// git compares and matches paths as bytes. A "byte string" holds one char per UTF-8 byte, so
// string operations on it are byte operations. ASCII strings are their own byte strings. (Byte
// order itself, `compareBytewise`, is @loupe/common's: the window sorts by it too.)

const NON_ASCII = /[^\x00-\x7f]/;

export function toBytes(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text;
}

export function fromBytes(bytes: string): string {
  return NON_ASCII.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes;
}
