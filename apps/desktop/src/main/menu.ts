// The native menu: Open Folder…, Open Recent, Copy Context, the panels' entries (@loupe/common's
// PANELS: Export…, Agent Sessions, Connect an Agent…, Settings), Quit, with the platform's
// shortcuts. Items act through the host (open) or tell the window (the rest).
import { type MenuCommand, PANELS, type RecentProject } from '@loupe/common';
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openFolder(): void;
  openRecent(root: string): void;
  command(command: MenuCommand): void;
}

export function buildMenu(recent: RecentProject[], actions: MenuActions): Menu {
  const mac = process.platform === 'darwin';
  const recentItems: MenuItemConstructorOptions[] = recent.length
    ? recent.map((r) => ({
        label: `${r.name} — ${r.root}`,
        enabled: r.exists,
        click: () => actions.openRecent(r.root),
      }))
    : [{ label: 'No recent projects', enabled: false }];
  const panelItems = (place: 'file' | 'preferences'): MenuItemConstructorOptions[] =>
    PANELS.flatMap(({ id, menu }) =>
      menu?.place === place
        ? [
            {
              // macOS writes an item that opens a window or dialog with an ellipsis.
              label: mac && place === 'preferences' ? `${menu.label}…` : menu.label,
              accelerator: menu.accelerator,
              click: () => actions.command(id),
            },
          ]
        : [],
    );
  const settings = panelItems('preferences');
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
      { label: 'Open Recent', submenu: recentItems },
      { type: 'separator' },
      {
        label: 'Copy Context',
        accelerator: 'CmdOrCtrl+Shift+C',
        click: () => actions.command('copy-context'),
      },
      ...panelItems('file'),
      ...(mac
        ? []
        : [
            { type: 'separator' as const },
            ...settings,
            { type: 'separator' as const },
            { role: 'quit' as const, accelerator: 'Ctrl+Q' },
          ]),
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(mac
      ? [
          {
            label: app.name,
            submenu: [
              { role: 'about' as const },
              { type: 'separator' as const },
              ...settings,
              { type: 'separator' as const },
              { role: 'hide' as const },
              { role: 'hideOthers' as const },
              { role: 'unhide' as const },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : []),
    file,
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
