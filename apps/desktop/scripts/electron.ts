// What `npm start` and `npm run dist` need around Electron: its binary (downloaded by the electron
// package on first use), the app build, and an Electron-ABI copy of the re2 native module in
// apps/desktop/native/ that never touches the Node build in node_modules (docs/native-modules.md).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const desktop = fileURLToPath(new URL('..', import.meta.url));
export const repo = path.resolve(desktop, '../..');
export const nativeDir = path.join(desktop, 'native');

export function electronPackage(): { dir: string; version: string } {
  const pkg = require.resolve('electron/package.json', { paths: [desktop] });
  return {
    dir: path.dirname(pkg),
    version: (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version,
  };
}

/** The Electron binary if it is installed; never downloads. */
export function electronBinary(): string | undefined {
  if (process.env.LOUPE_ELECTRON)
    return existsSync(process.env.LOUPE_ELECTRON) ? process.env.LOUPE_ELECTRON : undefined;
  const { dir } = electronPackage();
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const bin = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : undefined;
}

/** The first line of a failure worth showing a person (an error message, not a stack). */
export function reasonOf(output: string): string {
  const lines = output.split('\n').map((l) => l.trim());
  const error =
    lines.find((l) => /^(\w*Error|error)\b.*:/.test(l)) ?? lines.find((l) => l && !l.startsWith('at '));
  return (error ?? 'no output').replace(/^\w*Error:\s*/, '').slice(0, 200);
}

/** Downloads the binary the way the electron package does on first use. */
export function installElectron(): { binary?: string; reason?: string } {
  const { dir } = electronPackage();
  const r = spawnSync(process.execPath, [path.join(dir, 'install.js')], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const binary = electronBinary();
  if (binary) return { binary };
  return { reason: reasonOf(`${r.stderr ?? ''}\n${r.stdout ?? ''}`) };
}

/** Builds the app (renderer, main, preload, workers); throws with the build's own message. */
export function buildApp(): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(desktop, 'build.ts')], {
    cwd: desktop,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the app build failed (see above)');
}

/**
 * Makes apps/desktop/native/node_modules/re2 an Electron-ABI build of the installed re2: a copy of
 * its sources rebuilt by @electron/rebuild against Electron's headers. The Node build the CLI and
 * the tests load stays untouched. Skipped when the stamp says it is current.
 */
export async function ensureNativeRe2(electronVersion: string): Promise<{ ok: boolean; reason?: string }> {
  const source = path.dirname(require.resolve('re2/package.json', { paths: [repo] }));
  const re2Version = (
    JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const stamp = path.join(nativeDir, 'stamp.json');
  const want = JSON.stringify({ electron: electronVersion, re2: re2Version, arch: process.arch });
  const target = path.join(nativeDir, 'node_modules', 're2');
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === want &&
    existsSync(path.join(target, 'build/Release/re2.node'))
  )
    return { ok: true };
  rmSync(nativeDir, { recursive: true, force: true });
  mkdirSync(path.join(nativeDir, 'node_modules'), { recursive: true });
  writeFileSync(
    path.join(nativeDir, 'package.json'),
    `${JSON.stringify({ name: 'loupe-native', private: true, dependencies: { re2: re2Version } }, null, 2)}\n`,
  );
  cpSync(source, target, { recursive: true, filter: (p) => !p.startsWith(path.join(source, 'build')) });
  // An npm `nodedir` (set on machines that build addons offline) would make node-gyp compile
  // against Node's headers and label the result Electron's: the rebuild must use Electron's own.
  const saved = { lower: process.env.npm_config_nodedir, upper: process.env.NPM_CONFIG_NODEDIR };
  delete process.env.npm_config_nodedir;
  delete process.env.NPM_CONFIG_NODEDIR;
  try {
    const { rebuild } = await import('@electron/rebuild');
    await rebuild({
      buildPath: nativeDir,
      electronVersion,
      onlyModules: ['re2'],
      force: true,
      arch: process.arch,
    });
  } catch (error) {
    return { ok: false, reason: reasonOf(String((error as Error).message ?? error)) };
  } finally {
    if (saved.lower !== undefined) process.env.npm_config_nodedir = saved.lower;
    if (saved.upper !== undefined) process.env.NPM_CONFIG_NODEDIR = saved.upper;
  }
  const abi = checkElectronAbi(target);
  if (!abi.ok) {
    rmSync(path.join(target, 'build'), { recursive: true, force: true });
    return abi;
  }
  writeFileSync(stamp, want);
  return { ok: true };
}

/**
 * Proves the copy is built for Electron: Node must refuse it, naming Electron's module version
 * (node_modules/electron/abi_version). A copy Node loads would crash the app or load nothing.
 */
export function checkElectronAbi(target: string): { ok: boolean; reason?: string } {
  const file = path.join(target, 'build/Release/re2.node');
  if (!existsSync(file)) return { ok: false, reason: 'the rebuild produced no re2.node' };
  const abi = readFileSync(path.join(electronPackage().dir, 'abi_version'), 'utf8').trim();
  const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(file)})`], { encoding: 'utf8' });
  if (r.status === 0) return { ok: false, reason: "the rebuild used Node's headers, not Electron's" };
  if (!r.stderr.includes(`NODE_MODULE_VERSION ${abi}`))
    return { ok: false, reason: `the build is not for Electron's module version ${abi}` };
  return { ok: true };
}
