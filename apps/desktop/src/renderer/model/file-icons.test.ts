import { describe, expect, it } from 'vitest';
import { iconFor } from './file-icons';

describe('file-type icons', () => {
  it('pick by whole name, then the longest dotted extension, then the plain file', () => {
    expect(iconFor('package.json', false, false)).toBe('nodejs');
    expect(iconFor('README.md', false, false)).toBe('readme');
    expect(iconFor('Dockerfile', false, false)).toBe('docker');
    expect(iconFor('add.test.ts', false, false)).toBe('test-ts');
    expect(iconFor('types.d.ts', false, false)).toBe('typescript-def');
    expect(iconFor('index.ts', false, false)).toBe('typescript');
    expect(iconFor('view.tsx', false, false)).toBe('react_ts');
    expect(iconFor('.env', false, false)).toBe('tune');
    expect(iconFor('main.py', false, false)).toBe('python');
    expect(iconFor('no-extension', false, false)).toBe('file');
    expect(iconFor('src', true, false)).toBe('folder');
    expect(iconFor('src', true, true)).toBe('folder-open');
  });

  it('treat names as data: prototype keys are plain names', () => {
    for (const name of ['constructor', '__proto__', 'x.constructor', 'toString', 'hasOwnProperty.js'])
      expect(iconFor(name, false, false)).toMatch(/^[\w-]+$/);
    expect(iconFor('constructor', false, false)).toBe('file');
    expect(iconFor('hasOwnProperty.js', false, false)).toBe('javascript');
  });
});
