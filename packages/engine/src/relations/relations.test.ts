// Import edges per language, golden: each case is a small real project folder opened as a
// Workspace; the expected edges are written out in full (path, how, resolved or ambiguous).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProject, type TestProject } from '../search/testing';
import { type Direction, type Relations, relatedFiles } from './relations';

const brief = (list: Relations['imports']) =>
  list.map(
    (r) =>
      `${r.path} ${r.status}${r.depth === 2 ? ` via ${r.through}` : ''} [${r.edges.map((e) => `${e.line}:${e.spec}`).join(' ')}]`,
  );

async function edges(p: TestProject, path: string, direction: Direction = 'imports', depth: 1 | 2 = 1) {
  const r = await relatedFiles(p.ws, path, { direction, depth });
  return { r, imports: brief(r.imports), importedBy: brief(r.importedBy) };
}

describe('relations: TypeScript and JavaScript', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
      'tsconfig.json':
        '{\n  // comments and trailing commas are fine\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": { "paths": { "@app/*": ["src/*"], "~config": ["config/index.ts"], }, },\n}\n',
      'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "." } }',
      'src/main.ts': [
        "import { util } from './util.js';",
        "import type { Shape } from './types';",
        "import * as widgets from './widgets';",
        "export * from './reexport';",
        "import cfg from '~config';",
        "import { tool } from '@app/tools/tool';",
        "import { lib } from '@acme/lib';",
        "import { deep } from '@acme/lib/features/deep';",
        "import React from 'react';",
        "import { readFile } from 'node:fs';",
        "import { gone } from './gone';",
        '// import { commented } from "./commented";',
        "const lazy = () => import('./lazy');",
        "const legacy = require('./legacy.cjs');",
        "import { base } from 'shared/base';",
        '',
      ].join('\n'),
      'src/util.ts': "export const util = 1;\nimport { tool } from './tools/tool';\n",
      'src/types.d.ts': 'export type Shape = { a: 1 };\n',
      'src/widgets/index.tsx': 'export const w = 1;\n',
      'src/reexport.ts': 'export const r = 1;\n',
      'src/commented.ts': 'export const c = 1;\n',
      'src/lazy.ts': 'export default 1;\n',
      'src/legacy.cjs': 'module.exports = 1;\n',
      'src/tools/tool.ts': 'export const tool = 1;\n',
      'config/index.ts': 'export default {};\n',
      'shared/base.ts': 'export const base = 1;\n',
      'packages/lib/package.json':
        '{ "name": "@acme/lib", "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" }, "./features/*": "./src/features/*.ts" } }',
      'packages/lib/src/index.ts': 'export const lib = 1;\n',
      'packages/lib/src/features/deep.ts': 'export const deep = 1;\n',
    });
  });
  afterAll(() => p.close());

  it('resolves relative paths, tsconfig paths and baseUrl, workspace packages and exports', async () => {
    const { r, imports } = await edges(p, 'src/main.ts');
    expect(imports).toEqual([
      'src/util.ts resolved [1:./util.js]',
      'src/types.d.ts resolved [2:./types]',
      'src/widgets/index.tsx resolved [3:./widgets]',
      'src/reexport.ts resolved [4:./reexport]',
      'config/index.ts resolved [5:~config]',
      'src/tools/tool.ts resolved [6:@app/tools/tool]',
      'packages/lib/src/index.ts ambiguous [7:@acme/lib]',
      'packages/lib/src/features/deep.ts resolved [8:@acme/lib/features/deep]',
      'src/lazy.ts resolved [13:./lazy]',
      'src/legacy.cjs resolved [14:./legacy.cjs]',
      'shared/base.ts resolved [15:shared/base]',
    ]);
    expect(r.imports.find((x) => x.path === 'packages/lib/src/index.ts')?.edges[0]?.via).toBe(
      'workspace package @acme/lib, built output mapped to source',
    );
    expect(r.left.external.map((e) => e.spec)).toEqual(['react', 'node:fs']);
    expect(r.left.unresolved.map((e) => e.spec)).toEqual(['./gone']);
  });

  it('imported_by and two hops', async () => {
    const { importedBy } = await edges(p, 'src/tools/tool.ts', 'imported_by', 2);
    expect(importedBy).toEqual([
      'src/main.ts resolved [6:@app/tools/tool]',
      'src/util.ts resolved [2:./tools/tool]',
    ]);
    const two = await edges(p, 'src/util.ts', 'both', 2);
    expect(two.imports).toEqual(['src/tools/tool.ts resolved [2:./tools/tool]']);
    expect(two.importedBy).toEqual(['src/main.ts resolved [1:./util.js]']);
    const far = await edges(p, 'src/main.ts', 'imports', 2);
    expect(far.imports).not.toContain('src/tools/tool.ts resolved via src/util.ts [2:./tools/tool]'); // already one hop away
  });

  it('lists edges inside the focus only, and counts the rest', async () => {
    p.ws.setFocus({ include: ['src'], exclude: [] });
    try {
      const { r, imports } = await edges(p, 'src/main.ts', 'both');
      expect(imports).not.toContain('config/index.ts resolved [5:~config]');
      expect(new Set(r.left.outsideFocus.map((o) => o.path))).toEqual(
        new Set([
          'config/index.ts',
          'packages/lib/src/index.ts',
          'packages/lib/src/features/deep.ts',
          'shared/base.ts',
        ]),
      );
      expect({ examined: r.examined, outsideFocus: r.outsideFocus }).toEqual({
        examined: 9,
        outsideFocus: 8,
      });
    } finally {
      p.ws.setFocus({ include: [], exclude: [] });
    }
  });
});

describe('relations: Python', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'app/__init__.py': '',
      'app/main.py': [
        'import os',
        'import app.models',
        'from app.services import billing, missing_name',
        'from . import utils',
        'from .models import User',
        'from ..toplevel import thing',
        'from app.services.billing import charge as pay',
        'from shared import helpers',
        '"""',
        'import app.fake_in_docstring',
        '"""',
        '',
      ].join('\n'),
      'app/models.py': 'class User: pass\n',
      'app/utils.py': 'def helper(): pass\n',
      'app/services/__init__.py': 'from .billing import charge\n',
      'app/services/billing.py': 'def charge(): pass\n',
      'app/fake_in_docstring.py': '',
      'toplevel.py': 'thing = 1\n',
      // Two packages named `shared`, both reachable from app/ (the root, or app/ on the path): ambiguous.
      'shared/helpers.py': '',
      'app/shared/helpers.py': '',
      // The same layout in two services: only the importer's own service holds it.
      'services/a/pkg/__init__.py': '',
      'services/a/pkg/job.py': 'from pkg import tasks\n',
      'services/a/pkg/tasks.py': '',
      'services/b/pkg/__init__.py': '',
      'services/b/pkg/tasks.py': '',
    });
  });
  afterAll(() => p.close());

  it('resolves relative and absolute package imports', async () => {
    const { r, imports } = await edges(p, 'app/main.py');
    expect(imports).toEqual([
      'app/models.py resolved [2:app.models 5:.models]',
      'app/services/billing.py resolved [3:app.services 7:app.services.billing]',
      'app/services/__init__.py resolved [3:app.services]',
      'app/utils.py resolved [4:.]',
      'toplevel.py resolved [6:..toplevel]',
      'app/shared/helpers.py ambiguous [8:shared]',
      'shared/helpers.py ambiguous [8:shared]',
    ]);
    expect(r.left.external.map((e) => e.spec)).toEqual(['os']);
  });

  it("prefers the package under the importer's own root", async () => {
    const { r, imports } = await edges(p, 'services/a/pkg/job.py');
    expect(imports).toEqual(['services/a/pkg/tasks.py resolved [1:pkg]']);
    expect(r.imports[0]?.edges[0]?.via).toBe('the importing file’s package root');
  });

  it('imported_by', async () => {
    const { importedBy } = await edges(p, 'app/services/billing.py', 'imported_by');
    expect(importedBy).toEqual([
      'app/main.py resolved [3:app.services 7:app.services.billing]',
      'app/services/__init__.py resolved [1:.billing]',
    ]);
  });
});

describe('relations: Go', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'cmd/server/main.go': [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\tcart "example.com/shop/internal/cart"',
        '\t// "example.com/shop/internal/commented"',
        ')',
        '',
        'import "example.com/shop/internal/missing"',
        '',
        'func main() { fmt.Println(cart.New()) }',
      ].join('\n'),
      'internal/cart/cart.go': 'package cart\n\nfunc New() int { return 1 }\n',
      'internal/cart/total.go': 'package cart\n',
      'internal/cart/cart_test.go': 'package cart\n',
      'internal/commented/c.go': 'package commented\n',
    });
  });
  afterAll(() => p.close());

  it('resolves import paths under the module path of go.mod to the package files', async () => {
    const { r, imports } = await edges(p, 'cmd/server/main.go');
    expect(imports).toEqual([
      'internal/cart/cart.go resolved [5:example.com/shop/internal/cart]',
      'internal/cart/total.go resolved [5:example.com/shop/internal/cart]',
    ]);
    expect(r.imports[0]?.edges[0]?.via).toBe('go module example.com/shop');
    expect(r.left.external.map((e) => e.spec)).toEqual(['fmt']);
    expect(r.left.unresolved.map((e) => e.spec)).toEqual(['example.com/shop/internal/missing']);
  });
});

describe('relations: Rust', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\n',
      'src/lib.rs':
        'pub mod cart;\nmod util;\n#[path = "generated/codes.rs"]\nmod codes;\nuse std::fmt;\nuse crate::cart::{Cart, total::sum};\nuse shop_macros::derive;\n',
      'src/cart/mod.rs':
        'pub mod total;\nuse super::util::helper;\nuse self::total::sum;\npub struct Cart;\n',
      'src/cart/total.rs': 'use crate::util;\npub fn sum() {}\n',
      'src/util.rs': 'pub fn helper() {}\n',
      'src/generated/codes.rs': '',
      'macros/Cargo.toml': '[package]\nname = "shop-macros"\n',
      'macros/src/lib.rs': 'pub fn derive() {}\n',
    });
  });
  afterAll(() => p.close());

  it('resolves mod declarations (with #[path]) and use paths (crate, super, self, workspace crates)', async () => {
    const lib = await edges(p, 'src/lib.rs');
    expect(lib.imports).toEqual([
      'src/cart/mod.rs resolved [1:cart 6:crate::cart::Cart]',
      'src/util.rs resolved [2:util]',
      'src/generated/codes.rs resolved [4:codes]',
      'src/cart/total.rs resolved [6:crate::cart::total::sum]',
      'macros/src/lib.rs resolved [7:shop_macros::derive]',
    ]);
    expect(lib.r.left.external.map((e) => e.spec)).toEqual(['std::fmt']);
    const cart = await edges(p, 'src/cart/mod.rs');
    expect(cart.imports).toEqual([
      'src/cart/total.rs resolved [1:total 3:self::total::sum]',
      'src/util.rs resolved [2:super::util::helper]',
    ]);
    const total = await edges(p, 'src/cart/total.rs', 'both');
    expect(total.imports).toEqual(['src/util.rs resolved [1:crate::util]']);
    expect(total.importedBy).toEqual([
      'src/cart/mod.rs resolved [1:total 3:self::total::sum]',
      'src/lib.rs resolved [6:crate::cart::total::sum]',
    ]);
  });
});

describe('relations: Java and Kotlin', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'src/main/java/com/shop/App.java': [
        'package com.shop;',
        '',
        'import java.util.List;',
        'import com.shop.cart.Cart;',
        'import com.shop.cart.Cart.Line;',
        'import static com.shop.util.Money.round;',
        'import com.shop.model.*;',
        '',
        'public class App {}',
      ].join('\n'),
      'src/main/java/com/shop/cart/Cart.java':
        'package com.shop.cart;\npublic class Cart { public static class Line {} }\n',
      'src/main/java/com/shop/util/Money.java': 'package com.shop.util;\npublic class Money {}\n',
      'src/main/java/com/shop/model/User.java': 'package com.shop.model;\npublic class User {}\n',
      'src/main/java/com/shop/model/Order.java': 'package com.shop.model;\npublic class Order {}\n',
      'src/main/kotlin/com/shop/Report.kt':
        'package com.shop\n\nimport com.shop.cart.Cart\nimport com.shop.format.formatMoney\n\nclass Report\n',
      'src/main/kotlin/com/shop/format/Formats.kt':
        'package com.shop.format\n\nfun formatMoney(x: Int) = "$x"\n',
    });
  });
  afterAll(() => p.close());

  it('resolves classes, nested classes, static imports; wildcards are ambiguous', async () => {
    const { r, imports } = await edges(p, 'src/main/java/com/shop/App.java');
    expect(imports).toEqual([
      'src/main/java/com/shop/cart/Cart.java resolved [4:com.shop.cart.Cart 5:com.shop.cart.Cart.Line]',
      'src/main/java/com/shop/util/Money.java resolved [6:com.shop.util.Money.round]',
      'src/main/java/com/shop/model/Order.java ambiguous [7:com.shop.model.*]',
      'src/main/java/com/shop/model/User.java ambiguous [7:com.shop.model.*]',
    ]);
    expect(r.left.external.map((e) => e.spec)).toEqual(['java.util.List']);
  });

  it('resolves Kotlin top-level functions to the file that declares them', async () => {
    const { imports } = await edges(p, 'src/main/kotlin/com/shop/Report.kt');
    expect(imports).toEqual([
      'src/main/java/com/shop/cart/Cart.java resolved [3:com.shop.cart.Cart]',
      'src/main/kotlin/com/shop/format/Formats.kt resolved [4:com.shop.format.formatMoney]',
    ]);
  });
});

describe('relations: C#', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'App/Program.cs': 'using System;\nusing Shop.Cart;\nusing Shop.Util;\n\nvar c = new Basket();\n',
      'Shop/Cart/Basket.cs': 'namespace Shop.Cart;\npublic class Basket {}\n',
      'Shop/Cart/Line.cs': 'namespace Shop.Cart\n{\n  public class Line {}\n}\n',
      'Shop/Util/Money.cs': 'namespace Shop.Util { public static class Money {} }\n',
    });
  });
  afterAll(() => p.close());

  it('maps using directives to the files declaring the namespace, always ambiguous, narrowed by the types named', async () => {
    const { r, imports } = await edges(p, 'App/Program.cs');
    expect(imports).toEqual([
      'Shop/Cart/Basket.cs ambiguous [2:Shop.Cart]',
      'Shop/Util/Money.cs ambiguous [3:Shop.Util]',
    ]);
    expect(r.imports.map((x) => x.edges[0]?.via)).toEqual([
      'namespace Shop.Cart, a type of it named here',
      'namespace Shop.Util',
    ]);
    expect(r.left.external.map((e) => e.spec)).toEqual(['System']);
  });
});

describe('relations: C and C++', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'src/main.c':
        '#include <stdio.h>\n#include "util.h"\n#include "net/socket.h"\n#include "common.h"\n#include <shop/api.h>\n/* #include "ghost.h" */\n',
      'src/util.h': '',
      'include/net/socket.h': '',
      'lib/a/common.h': '',
      'lib/b/common.h': '',
      'include/shop/api.h': '',
      'src/ghost.h': '',
      'src/engine.cpp': '#include "util.h"\n',
    });
  });
  afterAll(() => p.close());

  it('resolves quoted includes next to the file, then by file name; system-style project headers are ambiguous', async () => {
    const { r, imports } = await edges(p, 'src/main.c');
    expect(imports).toEqual([
      'src/util.h resolved [2:util.h]',
      'include/net/socket.h resolved [3:net/socket.h]',
      'lib/a/common.h ambiguous [4:common.h]',
      'lib/b/common.h ambiguous [4:common.h]',
      'include/shop/api.h ambiguous [5:shop/api.h]',
    ]);
    expect(r.left.external.map((e) => e.spec)).toEqual(['stdio.h']);
    const h = await edges(p, 'src/util.h', 'imported_by');
    expect(h.importedBy).toEqual(['src/engine.cpp resolved [1:util.h]', 'src/main.c resolved [2:util.h]']);
  });

  it('refuses a path that is not a visible file, in one sentence', async () => {
    await expect(relatedFiles(p.ws, 'src/nope.c')).rejects.toThrow(/not a visible file of this project/);
  });
});
