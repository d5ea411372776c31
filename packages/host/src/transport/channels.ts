// IPC channel names and the reply envelope, shared by the main and preload sides. No imports.
export const CHANNEL_PREFIX = 'loupe:';
export const CALL_PREFIX = `${CHANNEL_PREFIX}call:`;
export const EVENT_CHANNEL = `${CHANNEL_PREFIX}event`;

/** Replies carry errors as data: Electron would wrap a thrown error's sentence in its own text. */
export type IpcReply = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
