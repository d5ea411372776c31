// Declarations made at run time rather than by declaration syntax: CommonJS members, prototype
// methods, getters defined by a call, and the other languages' common dynamic forms. Each case is
// a real-looking file (express-style modules, a Django-style model, a Rails-style class); the
// expected list is what `loupe symbols` prints and `get_file {symbol}` looks up.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSymbol } from '../content/symbols';
import { type Declaration, declarations } from './declarations';

const brief = (list: Declaration[]) =>
  list.map((d) => `${d.kind} ${d.qualifiedName} ${d.startLine}-${d.endLine}${d.local ? ' local' : ''}`);

const RESPONSE_JS = `'use strict';

var http = require('node:http');
var send = require('send');

var res = Object.create(http.ServerResponse.prototype);

module.exports = res;

/**
 * Set status \`code\`.
 */
res.status = function status(code) {
  this.statusCode = code;
  return this;
};

res.links = function(links) {
  var link = this.get('Link') || '';
  return this.set('Link', link);
};

res.sendFile = function sendFile(path, options, callback) {
  var done = callback;
  sendfile(this, send(this.req, path, options), options, done);
};

res.contentType =
res.type = function contentType(type) {
  return this.set('Content-Type', type);
};

res.locals = Object.create(null);

function sendfile(res, file, options, callback) {
  file.pipe(res);
}
`;

const UTILS_JS = `var etag = require('etag');

exports.methods = ['get', 'post'];

exports.etag = createETagGenerator({ weak: false });

exports.normalizeType = function(type){
  return ~type.indexOf('/') ? type : { value: type };
};

module.exports.compileTrust = function compileTrust(val) {
  if (typeof val === 'function') return val;
  return function () { return false; };
};

module.exports.Limiter = class Limiter {
  take() {}
};

function createETagGenerator(options) {
  return function generateETag(body, encoding) {
    return etag(body, options);
  };
}
`;

const EXPORTS_OBJECT_JS = `const path = require('path');

function lookup(name) {
  return path.join('views', name);
}

module.exports = {
  lookup,
  root: 'views',
  resolve: function (dir, file) {
    return path.resolve(dir, file);
  },
  render(view, options) {
    return view + options;
  },
  engines: { html: 'ejs' },
};
`;

const VIEW_JS = `function View(name, options) {
  this.name = name;
  this.root = options.root;
}

View.prototype.lookup = function lookup(name) {
  return this.resolve(this.root, name);
};

View.prototype.render = function render(options, callback) {
  this.engine(this.path, options, callback);
};

Router.prototype = {
  handle: function (req, res, out) {
    return out();
  },
  use(fn) {
    this.stack.push(fn);
  },
};

module.exports = View;
`;

const REQUEST_JS = `var req = Object.create(http.IncomingMessage.prototype);

defineGetter(req, 'protocol', function protocol(){
  var proto = this.connection.encrypted ? 'https' : 'http';
  return proto.split(/\\s*,\\s*/)[0];
});

defineGetter(req, 'secure', function secure(){
  return this.protocol === 'https';
});

Object.defineProperty(req, 'hostname', {
  configurable: true,
  enumerable: true,
  get: function () {
    return this.get('Host');
  },
});

Object.defineProperty(req.constructor.prototype, 'ip', {
  get() {
    return this.socket.remoteAddress;
  },
});

Object.defineProperties(req, {
  xhr: {
    get: function () {
      return this.get('X-Requested-With') === 'XMLHttpRequest';
    },
  },
});

function defineGetter(obj, name, getter) {
  Object.defineProperty(obj, name, {
    configurable: true,
    enumerable: true,
    get: getter
  });
}
`;

const UMD_JS = `;(function (root) {
  function helper(x) {
    return x * 2;
  }
  root.double = helper;
  root.triple = function (x) {
    return x * 3;
  };
})(globalThis);

describe('double', function () {
  it('doubles', function () {
    var res = {};
    res.send = function () {};
  });
});
`;

const APP_TS = `import type { Request } from './types';

export const app: Record<string, unknown> = {};

app.handle = function handle(req: Request): void {
  return undefined;
};

(app as any).listen = (port: number) => port;

exports.version = '1.0.0' as string;

module.exports.route = async (path: string): Promise<string> => path;

Object.defineProperty(app, 'router', {
  get(): unknown {
    return undefined;
  },
});
`;

describe('dynamic declarations: JavaScript and TypeScript', () => {
  it.each<[string, string, string[]]>([
    [
      'lib/response.js',
      RESPONSE_JS,
      [
        'variable http 3-3',
        'variable send 4-4',
        'variable res 6-6',
        'method res.status 13-16',
        'method res.links 18-21',
        'method res.sendFile 23-26',
        'method res.contentType 28-31',
        'method res.type 29-31',
        'function sendfile 35-37',
      ],
    ],
    [
      'lib/utils.js',
      UTILS_JS,
      [
        'variable etag 1-1',
        'variable methods 3-3',
        'variable etag 5-5',
        'function normalizeType 7-9',
        'function compileTrust 11-14',
        'class Limiter 16-18',
        'method Limiter.take 17-17',
        'function createETagGenerator 20-24',
      ],
    ],
    [
      'lib/paths.js',
      EXPORTS_OBJECT_JS,
      [
        'constant path 1-1',
        'function lookup 3-5',
        'property root 9-9',
        'method resolve 10-12',
        'method render 13-15',
        'property engines 16-16',
      ],
    ],
    [
      'lib/view.js',
      VIEW_JS,
      [
        'function View 1-4',
        'method View.lookup 6-8',
        'method View.render 10-12',
        'method Router.handle 15-17',
        'method Router.use 18-20',
      ],
    ],
    [
      'lib/request.js',
      REQUEST_JS,
      [
        'variable req 1-1',
        'property req.protocol 3-6',
        'property req.secure 8-10',
        'property req.hostname 12-18',
        'property req.constructor.ip 20-24',
        'property req.xhr 27-31',
        'function defineGetter 34-40',
      ],
    ],
    ['umd.js', UMD_JS, ['function helper 2-4', 'method root.triple 6-8']],
    [
      'src/app.ts',
      APP_TS,
      [
        'constant app 3-3',
        'method app.handle 5-7',
        'method app.listen 9-9',
        'variable version 11-11',
        'function route 13-13',
        'property app.router 15-19',
      ],
    ],
  ])('%s', async (file, text, expected) => {
    expect(brief(await declarations(text, file))).toEqual(expected);
  });

  it('get_file {symbol} finds a member by its qualified and its short name, not a look-alike', async () => {
    const list = await declarations(RESPONSE_JS, 'lib/response.js');
    for (const q of ['res.sendFile', 'sendFile']) {
      const found = findSymbol(list, q);
      expect(found.kind, q).toBe('found');
      if (found.kind === 'found')
        expect(found.declaration).toMatchObject({ name: 'sendFile', startLine: 23 });
    }
    const helper = findSymbol(list, 'sendfile');
    expect(helper.kind === 'found' && helper.declaration.qualifiedName).toBe('sendfile');
    const view = await declarations(VIEW_JS, 'lib/view.js');
    const proto = findSymbol(view, 'View.prototype.lookup');
    expect(proto.kind === 'found' && proto.declaration.qualifiedName).toBe('View.lookup');
  });
});

const MODELS_PY = `from django.db import models
from functools import cached_property


class Article(models.Model):
    """A published article."""

    title = models.CharField(max_length=200)
    body: str = ""
    slug: str
    full_title = property(lambda self: self.title.upper())
    created = staticmethod(lambda: None)

    @property
    def summary(self):
        return self.body[:80]

    @summary.setter
    def summary(self, value):
        self.body = value

    @cached_property
    def words(self):
        return len(self.body.split())

    def publish(self):
        self.published = True


setattr(Article, "archived", property(lambda self: False))
`;

const ACCOUNT_RB = `class Account
  attr_reader :owner, :balance
  attr_accessor :nickname

  STATES = %w[open closed].freeze

  STATES.each do |state|
    define_method("#{state}?") { @state == state }
  end

  define_method(:deposit) do |amount|
    @balance += amount
  end

  alias_method :credit, :deposit
  alias add deposit

  def initialize(owner)
    @owner = owner
  end
end
`;

describe('dynamic declarations: Python and Ruby', () => {
  it('Python: class attributes, property() and @property getters, staticmethod()', async () => {
    expect(brief(await declarations(MODELS_PY, 'blog/models.py'))).toEqual([
      'class Article 5-27',
      'field Article.title 8-8',
      'field Article.body 9-9',
      'field Article.slug 10-10',
      'property Article.full_title 11-11',
      'method Article.created 12-12',
      'property Article.summary 14-16',
      'property Article.summary 18-20',
      'property Article.words 22-24',
      'method Article.publish 26-27',
    ]);
  });

  it('Ruby: attr_* readers, define_method with a literal name, alias_method and alias', async () => {
    expect(brief(await declarations(ACCOUNT_RB, 'app/models/account.rb'))).toEqual([
      'class Account 1-21',
      'property Account.owner 2-2',
      'property Account.balance 2-2',
      'property Account.nickname 3-3',
      'constant Account.STATES 5-5',
      'method Account.deposit 11-13',
      'method Account.credit 15-15',
      'method Account.add 16-16',
      'constructor Account.initialize 18-20',
    ]);
  });
});

// express's own lib/ (a checkout in /work/scratch on the team's machines): every
// `name.member = function` and `Name.prototype.member = function` line git grep finds (52) is a
// declaration with that qualified name (`.prototype` left out, as agents name the method; an
// export is a module-level name: `exports.setCharset` declares `setCharset`).
const EXPRESS = '/work/scratch/express';
describe.skipIf(!existsSync(path.join(EXPRESS, 'lib/response.js')))(
  'dynamic declarations: express lib/',
  () => {
    it('finds every member assigned a function that git grep finds, by its qualified name', async () => {
      const grep = execFileSync('git', ['grep', '-n', '-E', '^[A-Za-z_$.]+ = function', '--', 'lib/'], {
        cwd: EXPRESS,
        encoding: 'utf8',
      });
      const expected = grep
        .trim()
        .split('\n')
        .map((l) => {
          const [file, line, text] = l.split(/:(\d+):/);
          return `${file}:${line} ${/^([\w$.]+) =/
            .exec(text!)![1]!
            .replace('.prototype.', '.')
            .replace(/^exports\./, '')}`;
        });
      expect(expected.length).toBeGreaterThanOrEqual(52);
      const found: string[] = [];
      for (const file of new Set(expected.map((e) => e.split(':')[0]!))) {
        const list = await declarations(readFileSync(path.join(EXPRESS, file), 'utf8'), file);
        for (const d of list) found.push(`${file}:${d.startLine} ${d.qualifiedName}`);
      }
      expect(expected.filter((e) => !found.includes(e))).toEqual([]);
    });
  },
);
