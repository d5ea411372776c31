// The window's panels, one table: the id the window and the native menu use, the header button's
// title, and the menu entry (Electron's main process builds the menu from it; the window adds each
// panel's component, see apps/desktop/src/renderer/app/panels.tsx). Adding a panel is one row here
// and one component there; the compiler rejects a panel without a component.

export interface PanelRow {
  id: string;
  /** The header button. */
  title: string;
  /** Offered only while a project is open. */
  needsProject: boolean;
  /**
   * The native menu item that opens it, or null. `file` items sit in the File menu; the
   * `preferences` item sits in the app menu on macOS and at the end of File elsewhere.
   */
  menu: { label: string; accelerator: string; place: 'file' | 'preferences' } | null;
}

export const PANELS = [
  {
    id: 'export',
    title: 'Export',
    needsProject: true,
    menu: { label: 'Export…', accelerator: 'CmdOrCtrl+E', place: 'file' },
  },
  {
    id: 'sessions',
    title: 'Sessions',
    needsProject: true,
    menu: { label: 'Agent Sessions', accelerator: 'CmdOrCtrl+Shift+A', place: 'file' },
  },
  {
    id: 'focus',
    title: 'Focus',
    needsProject: true,
    menu: { label: 'Focus Presets and Git…', accelerator: 'CmdOrCtrl+Shift+F', place: 'file' },
  },
  { id: 'preview', title: 'Preview', needsProject: true, menu: null },
  { id: 'map', title: 'Token map', needsProject: true, menu: null },
  {
    id: 'connect',
    title: 'Connect',
    needsProject: false,
    menu: { label: 'Connect an Agent…', accelerator: 'CmdOrCtrl+Shift+K', place: 'file' },
  },
  {
    id: 'settings',
    title: 'Settings',
    needsProject: false,
    menu: { label: 'Settings', accelerator: 'CmdOrCtrl+,', place: 'preferences' },
  },
] as const satisfies readonly PanelRow[];

export type PanelId = (typeof PANELS)[number]['id'];

/** What a native menu item asks the window to do: open the folder dialog, copy the context, or open a panel. */
export type MenuCommand = 'open-folder' | 'copy-context' | PanelId;

export function isPanelId(x: unknown): x is PanelId {
  return PANELS.some((p) => p.id === x);
}
