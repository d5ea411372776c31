// The agent bench's tasks: questions about real repositories, each with the facts that answer it
// (exact text at the commits in docs/benchmarks.md, read there by hand) and, per server, the calls
// a sensible agent makes with that server's tools. Rules the scripts follow (docs/benchmarks.md):
// - the same knowledge for both: the question and the project's well-known layout, not the answer;
// - Loupe: search the whole project (it ranks), then read the declarations or lines its answer
//   points at, batched in one get_file where they are known together;
// - Repomix: pack the source folder (its tool description asks to narrow with includePatterns),
//   grep the packed output (with `<file path=` in the pattern where the file is part of the
//   answer, as its pack answer advises), read the lines a hit points at, to the end of the code
//   that holds the facts;
// - each script stops once its answers show what the question asks.
import { loupe, repomix, type Task } from './agent-script';

const FILE = '<file path=';

// Search terms both agents use (Loupe's search takes them as RE2, Repomix's grep as a JS RegExp).
const FLASK_FLOW = 'def (wsgi_app|dispatch_request|full_dispatch_request|finalize_request)\\(';
const EXPRESS_SEND = 'res.send = function|etag fn|compileETag = function';
const EXPRESS_APP = 'function createApplication|app.handle = function';
const GIN_FLOW =
  'func \\(engine \\*Engine\\) (ServeHTTP|handleHTTPRequest)\\(|func \\(c \\*Context\\) (Next|Abort)\\(';
const GIN_RECOVERY = 'func (Recovery|RecoveryWithWriter|CustomRecoveryWithWriter|defaultHandleRecovery)\\(';

const flask: Task[] = [
  {
    id: 'flask-1',
    repo: 'flask',
    kind: 'pinpoint',
    question: 'What is the default PERMANENT_SESSION_LIFETIME, and where is it set?',
    facts: [{ text: '"PERMANENT_SESSION_LIFETIME": timedelta(days=31)', path: 'src/flask/app.py' }],
    scripts: {
      loupe: [loupe.search('PERMANENT_SESSION_LIFETIME')],
      repomix: [repomix.pack('src/**'), repomix.grep(`PERMANENT_SESSION_LIFETIME|${FILE}`)],
    },
  },
  {
    id: 'flask-2',
    repo: 'flask',
    kind: 'pinpoint',
    question: 'Which salt does the cookie session serializer use, and in which class is it defined?',
    facts: [
      { text: 'salt = "cookie-session"', path: 'src/flask/sessions.py' },
      { text: 'SecureCookieSessionInterface' },
    ],
    scripts: {
      loupe: [loupe.search('salt')],
      repomix: [repomix.pack('src/**'), repomix.grep(`salt|${FILE}`), repomix.readAt('salt = ', 10, 2)],
    },
  },
  {
    id: 'flask-3',
    repo: 'flask',
    kind: 'overview',
    question: 'How does Flask handle a request, from the WSGI call to the finished response?',
    facts: [
      { text: 'ctx.push()' },
      { text: 'response = self.full_dispatch_request(ctx)' },
      { text: 'rv = self.preprocess_request(ctx)' },
      { text: 'return self.ensure_sync(self.view_functions[rule.endpoint])(**view_args)' },
      { text: 'return self.finalize_request(ctx, rv)' },
      { text: 'response = self.make_response(rv)' },
      { text: 'response = self.process_response(ctx, response)' },
      { text: 'ctx.pop(error)' },
    ],
    scripts: {
      loupe: [
        loupe.search(FLASK_FLOW, { regex: true }),
        loupe.narrowed(FLASK_FLOW, ['src'], { regex: true }),
        loupe.read(
          { path: 'src/flask/app.py', symbol: 'Flask.wsgi_app' },
          { path: 'src/flask/app.py', symbol: 'Flask.dispatch_request' },
          { path: 'src/flask/app.py', symbol: 'Flask.full_dispatch_request' },
          { path: 'src/flask/app.py', symbol: 'Flask.finalize_request' },
        ),
      ],
      repomix: [
        repomix.pack('src/**'),
        repomix.grep(FLASK_FLOW),
        repomix.readAt('def wsgi_app(', 0, 50),
        repomix.readAt('def dispatch_request(', 0, 85),
      ],
    },
  },
  {
    id: 'flask-4',
    repo: 'flask',
    kind: 'overview',
    question: 'How does Config.from_prefixed_env turn environment variables into config keys?',
    facts: [
      { text: 'prefix: str = "FLASK"' },
      { text: 'for key in sorted(os.environ):' },
      { text: 'value = loads(value)' },
      { text: '*parts, tail = key.split("__")' },
      { text: 'current[part] = {}' },
    ],
    scripts: {
      loupe: [
        loupe.search('def from_prefixed_env'),
        loupe.read({ path: 'src/flask/config.py', symbol: 'Config.from_prefixed_env' }),
      ],
      repomix: [
        repomix.pack('src/**'),
        repomix.grep('def from_prefixed_env'),
        repomix.readAt('def from_prefixed_env', 0, 60),
      ],
    },
  },
];

const express: Task[] = [
  {
    id: 'express-1',
    repo: 'express',
    kind: 'pinpoint',
    question: "What is the default 'subdomain offset' setting, and where is it set?",
    facts: [{ text: "this.set('subdomain offset', 2);", path: 'lib/application.js' }],
    scripts: {
      loupe: [loupe.search('subdomain offset')],
      repomix: [repomix.pack('lib/**'), repomix.grep(`subdomain offset|${FILE}`)],
    },
  },
  {
    id: 'express-2',
    repo: 'express',
    kind: 'pinpoint',
    question: 'Where is res.redirect defined, and which status does it send when none is given?',
    facts: [
      { text: 'res.redirect = function redirect(url)', path: 'lib/response.js' },
      { text: 'var status = 302;' },
    ],
    scripts: {
      // CommonJS members (`res.redirect = function …`) are declarations: read by symbol, as the search names them.
      loupe: [
        loupe.search('res.redirect = function'),
        loupe.read({ path: 'lib/response.js', symbol: 'res.redirect' }),
      ],
      repomix: [
        repomix.pack('lib/**'),
        repomix.grep(`res.redirect = function|${FILE}`),
        repomix.readAt('res.redirect = function', 0, 51),
      ],
    },
  },
  {
    id: 'express-3',
    repo: 'express',
    kind: 'overview',
    question: 'How does res.send choose the Content-Type, and how does it produce ETags and 304 responses?',
    facts: [
      { text: "this.type('html');" },
      { text: 'return this.json(chunk);' },
      { text: "this.type('bin');" },
      { text: "var etagFn = app.get('etag fn')" },
      { text: "this.set('ETag', etag);" },
      { text: 'if (req.fresh) this.status(304);' },
      { text: "this.set('etag fn', compileETag(val));" },
      { text: 'fn = exports.wetag;' },
    ],
    scripts: {
      loupe: [
        loupe.search(EXPRESS_SEND, { regex: true }),
        loupe.narrowed(EXPRESS_SEND, ['lib'], { regex: true }),
        loupe.read(
          { path: 'lib/response.js', symbol: 'res.send' },
          { path: 'lib/utils.js', symbol: 'compileETag' },
        ),
      ],
      repomix: [
        repomix.pack('lib/**'),
        repomix.grep(EXPRESS_SEND),
        repomix.readAt('res.send = function', 0, 94),
        repomix.readAt('exports.compileETag = function', 0, 22),
      ],
    },
  },
  {
    id: 'express-4',
    repo: 'express',
    kind: 'overview',
    question: "How does a request reach Express's router, and how do req and res get Express's methods?",
    facts: [
      { text: 'app.handle(req, res, next);' },
      { text: 'mixin(app, proto, false);' },
      { text: 'app.request = Object.create(req, {' },
      { text: 'Object.setPrototypeOf(req, this.request)' },
      { text: 'Object.setPrototypeOf(res, this.response)' },
      { text: 'this.router.handle(req, res, done);' },
    ],
    scripts: {
      loupe: [
        loupe.search(EXPRESS_APP, { regex: true }),
        loupe.narrowed(EXPRESS_APP, ['lib'], { regex: true }),
        loupe.read(
          { path: 'lib/express.js', symbol: 'createApplication' },
          { path: 'lib/application.js', symbol: 'app.handle' },
        ),
      ],
      repomix: [
        repomix.pack('lib/**'),
        repomix.grep(`${EXPRESS_APP}|${FILE}`),
        repomix.readAt('function createApplication', 0, 20),
        repomix.readAt('app.handle = function', 0, 26),
      ],
    },
  },
];

// gin's core is its root package; Repomix packs its non-test Go files there.
const GIN_CORE: [string, Record<string, unknown>] = ['*.go', { ignorePatterns: '*_test.go' }];

const gin: Task[] = [
  {
    id: 'gin-1',
    repo: 'gin',
    kind: 'pinpoint',
    question: 'How much memory does gin let a multipart form use by default, and where is that set?',
    facts: [{ text: 'defaultMultipartMemory = 32 << 20', path: 'gin.go' }],
    scripts: {
      loupe: [loupe.search('MultipartMemory')],
      repomix: [repomix.pack(...GIN_CORE), repomix.grep(`MultipartMemory|${FILE}`)],
    },
  },
  {
    id: 'gin-2',
    repo: 'gin',
    kind: 'pinpoint',
    question: 'Where is abortIndex defined, and what is its value?',
    facts: [{ text: 'const abortIndex int8 = math.MaxInt8 >> 1', path: 'context.go' }],
    scripts: {
      loupe: [loupe.search('abortIndex')],
      repomix: [repomix.pack(...GIN_CORE), repomix.grep(`abortIndex|${FILE}`)],
    },
  },
  {
    id: 'gin-3',
    repo: 'gin',
    kind: 'overview',
    question: 'How does gin route a request to its handlers and run the chain, and how does Abort stop it?',
    facts: [
      { text: 'c := engine.pool.Get().(*Context)' },
      { text: 'engine.handleHTTPRequest(c)' },
      { text: 'value := root.getValue(rPath, c.params, c.skippedNodes, unescape)' },
      { text: 'c.handlers = value.handlers' },
      { text: 'c.handlers[c.index](c)' },
      { text: 'c.index = abortIndex' },
    ],
    scripts: {
      loupe: [
        loupe.search(GIN_FLOW, { regex: true }),
        loupe.narrowed(GIN_FLOW, ['*.go'], { regex: true }),
        loupe.read(
          { path: 'gin.go', symbol: 'Engine.ServeHTTP' },
          { path: 'gin.go', symbol: 'Engine.handleHTTPRequest' },
          { path: 'context.go', symbol: 'Context.Next' },
          { path: 'context.go', symbol: 'Context.Abort' },
        ),
      ],
      repomix: [
        repomix.pack(...GIN_CORE),
        repomix.grep(GIN_FLOW),
        // ServeHTTP and handleHTTPRequest are neighbours, and so are Next and Abort: one read each.
        repomix.readAt('func (engine *Engine) ServeHTTP', 1, 98),
        repomix.readAt('func (c *Context) Next()', 0, 21),
      ],
    },
  },
  {
    id: 'gin-4',
    repo: 'gin',
    kind: 'overview',
    question:
      'How does the Recovery middleware handle a panic, and what does it do differently for a broken connection?',
    facts: [
      { text: 'if rec := recover(); rec != nil {' },
      { text: 'errors.Is(err, syscall.EPIPE)' },
      { text: 'c.Error(err) //nolint: errcheck' },
      { text: 'handle(c, rec)' },
      { text: 'c.AbortWithStatus(http.StatusInternalServerError)' },
    ],
    scripts: {
      loupe: [
        loupe.search(GIN_RECOVERY, { regex: true }),
        loupe.narrowed(GIN_RECOVERY, ['*.go'], { regex: true }),
        loupe.read(
          { path: 'recovery.go', symbol: 'CustomRecoveryWithWriter' },
          { path: 'recovery.go', symbol: 'defaultHandleRecovery' },
        ),
      ],
      repomix: [
        repomix.pack(...GIN_CORE),
        repomix.grep(GIN_RECOVERY),
        repomix.readAt('func CustomRecoveryWithWriter', 0, 39),
        repomix.readAt('func defaultHandleRecovery', 0, 7),
      ],
    },
  },
];

// hono's core is the top of src/; Repomix packs those files without their tests.
const HONO_CORE: [string, Record<string, unknown>] = ['src/*.ts', { ignorePatterns: 'src/*.test.ts' }];

const hono: Task[] = [
  {
    id: 'hono-1',
    repo: 'hono',
    kind: 'pinpoint',
    question: 'What does a Hono app answer when no route matches, and where is that default defined?',
    facts: [{ text: "return c.text('404 Not Found', 404)", path: 'src/hono-base.ts' }],
    scripts: {
      loupe: [loupe.search('404 Not Found')],
      repomix: [repomix.pack(...HONO_CORE), repomix.grep(`404 Not Found|${FILE}`)],
    },
  },
  {
    id: 'hono-2',
    repo: 'hono',
    kind: 'pinpoint',
    question: 'Which router does `new Hono()` use when none is given, and where is that chosen?',
    facts: [
      { text: 'new SmartRouter({', path: 'src/hono.ts' },
      { text: 'routers: [new RegExpRouter(), new TrieRouter()]' },
    ],
    scripts: {
      // Loupe's search shows one line of context around each match; the grep is asked for the same.
      loupe: [loupe.search('SmartRouter')],
      repomix: [repomix.pack(...HONO_CORE), repomix.grep(`SmartRouter|${FILE}`, { contextLines: 1 })],
    },
  },
  {
    id: 'hono-3',
    repo: 'hono',
    kind: 'overview',
    question:
      'How does compose run a middleware chain, and what happens on an error, with no handler left, or on a second next() call?',
    facts: [
      { text: "throw new Error('next() called multiple times')" },
      { text: 'handler = middleware[i][0][0]' },
      { text: 'res = await handler(context, () => dispatch(i + 1))' },
      { text: 'res = await onError(err, context)' },
      { text: 'res = await onNotFound(context)' },
    ],
    scripts: {
      loupe: [
        loupe.search('export const compose'),
        loupe.read({ path: 'src/compose.ts', symbol: 'compose' }),
      ],
      repomix: [
        repomix.pack(...HONO_CORE),
        repomix.grep('export const compose'),
        repomix.readAt('export const compose', 11, 58),
      ],
    },
  },
  {
    id: 'hono-4',
    repo: 'hono',
    kind: 'overview',
    question: 'How does app.fetch dispatch a request to the handlers its router matched?',
    facts: [
      { text: 'return this.#dispatch(request, rest[1], rest[0], request.method)' },
      { text: 'const matchResult = this.router.match(method, path)' },
      { text: 'if (matchResult[0].length === 1) {' },
      { text: 'const composed = compose(matchResult[0], this.errorHandler, this.#notFoundHandler)' },
      { text: 'Context is not finalized' },
    ],
    scripts: {
      loupe: [loupe.search('#dispatch('), loupe.read({ path: 'src/hono-base.ts', symbol: 'Hono.#dispatch' })],
      repomix: [
        repomix.pack(...HONO_CORE),
        repomix.grep('#dispatch\\('),
        repomix.readAt('  #dispatch(', 0, 60),
      ],
    },
  },
];

export const tasks: Task[] = [...flask, ...express, ...gin, ...hono];
