import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-symbols-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const py = path.join(work, 'shop.py');
writeFileSync(
  py,
  'class Cart:\n    # The sum.\n    def total(self):\n        return 1\n\nclass Till:\n    def total(self):\n        return 0\n',
);

describe('loupe symbols', () => {
  it('lists declarations with lines, kinds and qualified names, through a real process', async () => {
    const r = await cliProcess(['symbols', py]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        '1-4       class       Cart',
        '2-4       method      Cart.total',
        '6-8       class       Till',
        '7-8       method      Till.total',
        '',
      ].join('\n'),
    );
  });

  it('--find: a qualified name prints the declaration; ambiguous and unknown names list ready calls', async () => {
    const found = await cli(['symbols', py, '--find', 'Till.total']);
    expect(found.code).toBe(0);
    expect(found.stdout).toBe('7-8       method      Till.total\n    def total(self):\n        return 0\n');
    const amb = await cli(['symbols', py, '--find', 'total']);
    expect(amb.code).toBe(1);
    expect(amb.stdout).toContain('"total" names 2 declarations');
    expect(amb.stdout).toContain(`get_file {"path":"${py}","symbol":"Cart.total"}`);
    const unknown = await cli(['symbols', py, '--find', 'Tll']);
    expect(unknown.stdout).toContain('No declaration named "Tll"');
    expect(unknown.stdout).toContain('6-8       class       Till');
  });

  it('lists CommonJS members and finds one by its qualified or short name, not the private look-alike', async () => {
    const js = path.join(work, 'response.js');
    writeFileSync(
      js,
      [
        'var res = Object.create(null);',
        'module.exports = res;',
        '',
        'res.sendFile = function sendFile(path, options) {',
        '  sendfile(this, path, options);',
        '};',
        '',
        'function sendfile(res, file, options) {',
        '  return file;',
        '}',
        '',
      ].join('\n'),
    );
    const list = await cli(['symbols', js]);
    expect(list.stdout).toBe(
      [
        '1-1       variable    res',
        '4-6       method      res.sendFile',
        '8-10      function    sendfile',
        '',
      ].join('\n'),
    );
    for (const q of ['res.sendFile', 'sendFile']) {
      const found = await cli(['symbols', js, '--find', q]);
      expect(found.code, q).toBe(0);
      expect(found.stdout, q).toMatch(/^4-6 {7}method {6}res\.sendFile\nres\.sendFile = function sendFile/);
    }
  });

  it('refuses a file without a grammar in one sentence', async () => {
    const md = path.join(work, 'notes.md');
    writeFileSync(md, '# x\n');
    const r = await cli(['symbols', md]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has no grammar here \(markdown\)/);
  });
});
