// Loupe's settings (encoding, export format and budget, the HTTP endpoint, ...): loaded once from
// the state folder (a damaged file gives the defaults, with a warning for the first project opened),
// changed by the window, saved, and sent to every window. What a change means for the open project
// (count again, start or stop the endpoint) is the host's.
import type { Settings } from '@loupe/common';
import type { HostEventBus } from './events';
import { cleanSettings, SettingsFile } from './state-files';
import * as v from './validate';

export interface SettingsChange {
  next: Settings;
  encodingChanged: boolean;
  httpChanged: boolean;
}

export class HostSettings {
  private value: Settings;
  private readonly file: SettingsFile;

  /** `warnings`: where a problem with the saved settings is told (the first project's warnings). */
  constructor(stateDir: string, warnings: string[]) {
    this.file = new SettingsFile(stateDir);
    const loaded = this.file.load();
    this.value = loaded.value;
    if (loaded.problem) warnings.push(loaded.problem);
  }

  /** The settings now (read-only: getSettings hands the window a copy). */
  get current(): Readonly<Settings> {
    return this.value;
  }

  /** Takes the window's changes (checked; unknown or bad values keep what was), saves and tells. */
  update(arg: unknown, bus: HostEventBus): SettingsChange {
    const next = cleanSettings({ ...this.value, ...v.record(arg) }, this.value);
    const change = {
      next,
      encodingChanged: next.encoding !== this.value.encoding,
      httpChanged: next.httpEndpoint !== this.value.httpEndpoint,
    };
    this.value = next;
    this.file.save(next);
    bus.emit('didChangeSettings', { ...next });
    return change;
  }
}
