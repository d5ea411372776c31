// re2 in worker threads that come and go. node-re2 1.23 aborted the whole process when a thread
// loaded the addon after another thread that had loaded it exited (uhop/node-re2#235, "Check
// failed: node->IsInUse()" in WrappedRE2Set::Init; fixed in 1.24.0). The masking pool was built
// around that (docs/decisions.md); this shows the pinned re2 no longer needs it. It runs in a
// child process, because the failure is an abort of the process, not an exception.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** Threads load re2, use RE2.Set and exit, one after another, then two at once, then one more. */
const SCRIPT = `
const { Worker } = require('node:worker_threads');
const code = ${JSON.stringify(`
  const RE2 = require(${JSON.stringify(require.resolve('re2'))});
  const ok = new RE2.Set(['a+', 'b[0-9]+']).test('xb12') && new RE2('c+').test('cc');
  require('node:worker_threads').parentPort.postMessage(ok);
`)};
const run = () => new Promise((resolve, reject) => {
  const w = new Worker(code, { eval: true });
  let ok = false;
  w.once('message', (m) => { ok = m; });
  w.once('error', reject);
  w.once('exit', () => (ok ? resolve() : reject(new Error('a worker did not match'))));
});
(async () => {
  for (let i = 0; i < 4; i++) await run();
  await Promise.all([run(), run()]);
  await run();
  process.stdout.write('survived');
})().catch((e) => { process.stderr.write(String(e)); process.exit(1); });
`;

describe('re2 in short-lived worker threads', () => {
  it(`loads again in a new thread after a thread that loaded it exited (re2 ${require('re2/package.json').version})`, () => {
    const out = execFileSync(process.execPath, ['-e', SCRIPT], { encoding: 'utf8', timeout: 60_000 });
    expect(out).toBe('survived');
  });
});
