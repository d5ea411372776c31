// One cold listing in a fresh process: `node --import tsx smart-child.ts DIR smart|plain`.
// Prints one JSON line with the time of scanProject alone (process start-up excluded): wall time,
// and CPU time of this process (all its threads), which other load on the machine disturbs less.
import { scanProject } from '@loupe/engine';

const [dir, mode] = process.argv.slice(2);
if (!dir || (mode !== 'smart' && mode !== 'plain')) {
  process.stderr.write('usage: smart-child.ts DIR smart|plain\n');
  process.exit(2);
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await scanProject(dir, { stat: false, smartIgnore: mode === 'smart' });
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const buildOutput = result.hidden.filter((h) => h.reason.kind === 'build-output').length;
process.stdout.write(
  `${JSON.stringify({ ms, cpuMs, files: result.files.length, hidden: result.hidden.length, buildOutput })}\n`,
);
