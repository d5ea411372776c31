// Symbol lookup, golden per language: a qualified name finds one declaration, a name shared by
// several gives the candidates (each with its ready call), an unknown name gives the nearest names.
// The same lookup (`findSymbol` over the declarations index) serves get_file {symbol} and the
// calls a search result carries (`callFor`).
import { describe, expect, it } from 'vitest';
import { findSymbol } from '../content/symbols';
import { declarations } from '../declarations/declarations';
import { callFor } from './search';

interface Case {
  path: string;
  text: string;
  qualified: [string, string];
  ambiguous: [string, string[]];
  unknown: [string, string[]];
}

const CASES: Case[] = [
  {
    path: 'cart.ts',
    text: 'export class Cart {\n  total() { return 1; }\n}\nexport class Till {\n  total() { return 0; }\n}\nexport function totalOf(c: Cart) { return c.total(); }\n',
    qualified: ['Cart.total', 'method Cart.total 2-2'],
    ambiguous: ['total', ['Cart.total', 'Till.total']],
    unknown: ['totl', ['Cart.total', 'Till.total', 'Till']],
  },
  {
    path: 'shop.py',
    text: 'class Cart:\n    def total(self):\n        return 1\n\nclass Till:\n    def total(self):\n        return 0\n\ndef build():\n    def total():\n        return 2\n    return total\n',
    qualified: ['Till.total', 'method Till.total 6-7'],
    ambiguous: ['total', ['Cart.total', 'Till.total']],
    unknown: ['Bild', ['build', 'Till']],
  },
  {
    path: 'lib.rs',
    text: 'pub struct Cart;\nimpl Cart {\n    pub fn total(&self) -> u32 { 1 }\n}\npub struct Till;\nimpl Till {\n    pub fn total(&self) -> u32 { 0 }\n}\n',
    qualified: ['Cart::total', 'method Cart::total 3-3'],
    ambiguous: ['total', ['Cart::total', 'Till::total']],
    unknown: ['tota', ['Cart::total', 'Till::total']],
  },
  {
    path: 'shop.go',
    text: 'package shop\n\ntype Cart struct{}\n\nfunc (c *Cart) Total() int { return 1 }\n\ntype Till struct{}\n\nfunc (t Till) Total() int { return 0 }\n',
    qualified: ['Till.Total', 'method Till.Total 9-9'],
    ambiguous: ['Total', ['Cart.Total', 'Till.Total']],
    unknown: ['Totals', ['Cart.Total', 'Till.Total']],
  },
  {
    path: 'Shop.java',
    text: 'class Shop {\n  int total() { return 1; }\n  int total(int x) { return x; }\n  static class Till {\n    int total() { return 0; }\n  }\n}\n',
    qualified: ['Shop.Till.total', 'method Shop.Till.total 5-5'],
    ambiguous: ['Shop.total', ['Shop.total', 'Shop.total']],
    unknown: ['tital', ['Shop.total', 'Shop.total', 'Shop.Till.total', 'Shop.Till']],
  },
  {
    path: 'shop.cpp',
    text: 'namespace shop {\nclass Cart {\n  int total();\n};\nint Cart::total() { return 1; }\n}\n',
    // `.` also finds `::` names.
    qualified: ['shop.Cart', 'class shop::Cart 2-4'],
    ambiguous: ['total', ['shop::Cart::total', 'shop::Cart::total']],
    unknown: ['Kart', ['shop::Cart']],
  },
];

const brief = (d: { kind: string; qualifiedName: string; startLine: number; endLine: number }) =>
  `${d.kind} ${d.qualifiedName} ${d.startLine}-${d.endLine}`;

describe.each(CASES)('symbol lookup: $path', (c) => {
  it('qualified name -> one declaration, called by symbol', async () => {
    const all = await declarations(c.text, c.path);
    const m = findSymbol(all, c.qualified[0]);
    expect(m.kind === 'found' && brief(m.declaration)).toBe(c.qualified[1]);
    if (m.kind === 'found')
      expect(callFor(c.path, m.declaration, all)).toEqual({
        path: c.path,
        symbol: m.declaration.qualifiedName,
      });
  });

  it('shared name -> the candidates; a candidate that cannot be named alone is called by lines', async () => {
    const all = await declarations(c.text, c.path);
    const m = findSymbol(all, c.ambiguous[0]);
    expect(m.kind).toBe('ambiguous');
    if (m.kind !== 'ambiguous') return;
    expect(m.candidates.map((d) => d.qualifiedName)).toEqual(c.ambiguous[1]);
    for (const d of m.candidates) {
      const call = callFor(c.path, d, all);
      const twins = all.filter((x) => x.qualifiedName === d.qualifiedName).length;
      expect(call).toEqual(
        twins > 1
          ? { path: c.path, lines: `${d.docLine ?? d.startLine}-${d.endLine}` }
          : { path: c.path, symbol: d.qualifiedName },
      );
    }
  });

  it('unknown name -> the nearest names', async () => {
    const m = findSymbol(await declarations(c.text, c.path), c.unknown[0]);
    expect(m.kind === 'unknown' && m.nearest.map((d) => d.qualifiedName)).toEqual(c.unknown[1]);
  });
});
