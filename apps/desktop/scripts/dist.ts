// `npm run dist`: packages the app for this platform with electron-builder (electron-builder.yml).
// The app is staged in apps/desktop/out/app: the built dist/, a package.json without workspace
// links, and node_modules holding only the packages the main bundle loads at run time, with re2
// taken from the Electron build in apps/desktop/native (npmRebuild is off: a rebuild in place
// would overwrite the Node build the CLI and the tests use).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MAIN_EXTERNALS } from '../build';
import { buildApp, desktop, electronPackage, ensureNativeRe2, nativeDir, reasonOf, repo } from './electron';

const require = createRequire(import.meta.url);
const say = (text: string) => process.stderr.write(`npm run dist: ${text}\n`);

/** A package and its production dependencies, copied from the installed tree. */
function copyPackage(name: string, into: string, seen = new Set<string>()): void {
  if (seen.has(name)) return;
  seen.add(name);
  let pkgFile: string;
  try {
    pkgFile = require.resolve(`${name}/package.json`, { paths: [repo] });
  } catch {
    return; // optional and not installed here
  }
  const dir = path.dirname(pkgFile);
  cpSync(dir, path.join(into, name), { recursive: true, dereference: true });
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies?: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies ?? {})) copyPackage(dep, into, seen);
}

async function main(): Promise<number> {
  const { version } = electronPackage();
  buildApp();
  const re2 = await ensureNativeRe2(version);
  if (!re2.ok) {
    say(
      `re2 could not be built for Electron ${version} (${re2.reason}); a package without it would withhold all file contents, so none was made.`,
    );
    return 1;
  }
  const stage = path.join(desktop, 'out', 'app');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(path.join(stage, 'node_modules'), { recursive: true });
  cpSync(path.join(desktop, 'dist'), path.join(stage, 'dist'), { recursive: true });
  const runtime = MAIN_EXTERNALS.filter((n) => n !== 'electron');
  for (const name of runtime) copyPackage(name, path.join(stage, 'node_modules'));
  cpSync(path.join(nativeDir, 'node_modules', 're2'), path.join(stage, 'node_modules', 're2'), {
    recursive: true,
  });
  const own = JSON.parse(readFileSync(path.join(desktop, 'package.json'), 'utf8')) as { version: string };
  const deps = Object.fromEntries(
    [...runtime, 're2']
      .filter((n) => existsSync(path.join(stage, 'node_modules', n, 'package.json')))
      .map((n) => [
        n,
        (
          JSON.parse(readFileSync(path.join(stage, 'node_modules', n, 'package.json'), 'utf8')) as {
            version: string;
          }
        ).version,
      ]),
  );
  writeFileSync(
    path.join(stage, 'package.json'),
    `${JSON.stringify({ name: 'loupe', productName: 'Loupe', version: own.version, type: 'module', main: 'dist/main/main.js', dependencies: deps }, null, 2)}\n`,
  );
  try {
    const { build } = await import('electron-builder');
    await build({ projectDir: repo, config: path.join(repo, 'electron-builder.yml'), publish: 'never' });
  } catch (error) {
    say(
      `electron-builder could not package the app (${reasonOf(String((error as Error).message ?? error))}).`,
    );
    return 1;
  }
  say(`packages are in ${path.join(desktop, 'out')}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    say(`${error.message}.`);
    process.exit(1);
  },
);
