// `npm start`: builds the app, makes sure Electron and the Electron build of re2 are there, and
// launches the window (arguments after `--` go to the app, e.g. a folder to open). Failures are one
// sentence on stderr, never a stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  buildApp,
  desktop,
  electronBinary,
  electronPackage,
  ensureNativeRe2,
  installElectron,
} from './electron';

const say = (text: string) => process.stderr.write(`npm start: ${text}\n`);

async function main(): Promise<number> {
  buildApp();
  const { version } = electronPackage();
  let binary = electronBinary();
  if (!binary) {
    say(`downloading Electron ${version} (first start only)…`);
    const installed = installElectron();
    if (!installed.binary) {
      say(
        `Electron ${version} is not installed and could not be downloaded (${installed.reason}); connect this machine to the internet and run \`npm start\` again, or use the window in a browser with \`npx loupe serve DIR\`.`,
      );
      return 1;
    }
    binary = installed.binary;
  }
  const re2 = await ensureNativeRe2(version);
  if (!re2.ok)
    say(
      `re2 could not be built for Electron ${version} (${re2.reason}); the app starts, but withholds file contents (nothing is sent unmasked) until \`npm start\` can build it.`,
    );
  const child = spawn(binary, [path.join(desktop, 'dist/main/main.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    say(`${error.message}.`);
    process.exit(1);
  },
);
