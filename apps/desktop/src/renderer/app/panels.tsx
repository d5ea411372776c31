// The component of each of the window's panels. The panels themselves (id, header title, whether a
// project must be open, native menu entry) are one table, @loupe/common's PANELS, which the header
// and Electron's menu read; `satisfies` makes the compiler reject a panel without a component here,
// or a component for no panel.
import type { PanelId } from '@loupe/common';
import type { ComponentType } from 'react';
import { ConnectPanel } from '../panels/ConnectPanel';
import { ExportPanel } from '../panels/ExportPanel';
import { FocusPanel } from '../panels/FocusPanel';
import { PreviewPanel } from '../panels/PreviewPanel';
import { SessionsPanel } from '../panels/SessionsPanel';
import { SettingsPanel } from '../panels/SettingsPanel';
import { TokenMap } from '../panels/TokenMap';

const COMPONENTS = {
  export: ExportPanel,
  sessions: SessionsPanel,
  focus: FocusPanel,
  preview: PreviewPanel,
  map: TokenMap,
  connect: ConnectPanel,
  settings: SettingsPanel,
} as const satisfies Record<PanelId, ComponentType>;

export function panelComponent(id: PanelId): ComponentType {
  return COMPONENTS[id];
}
