// The page side of the window bench: a host in the page (`window.loupe`, the same slot the Electron
// preload fills) that hands the renderer a generated tree, plus the probes the bench reads. Runs
// in Chromium before the window's own script (Playwright addInitScript), as plain JavaScript text,
// after @loupe/common bundled as `window.__loupeCommon` (COMMON_SCRIPT): the page's host ticks by
// the same focus rules as the real one.
import { build } from 'esbuild';

/** @loupe/common as one browser script defining `window.__loupeCommon`. */
export async function commonScript(): Promise<string> {
  const out = await build({
    stdin: { contents: "export * from '@loupe/common';", resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: '__loupeCommon',
    platform: 'browser',
    target: 'chrome130',
    write: false,
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

/**
 * A reference for scrolling: the same rows (same markup, same count in view) rewritten by a plain
 * scroll listener without React or the tree model, measured in the same browser and run.
 */
export const FLOOR_PAGE = `<!doctype html><html><head><style>
body{margin:0;font:13px system-ui,sans-serif}.v{position:relative;overflow:auto;height:100vh;contain:strict}
.s{position:relative}.r{position:absolute;top:0;left:0;right:0;height:24px;display:flex;align-items:center;gap:5px;white-space:nowrap}
.i{width:14px;height:14px;background:#ddd}.sp{flex:1}.t{min-width:48px;text-align:right}
</style></head><body><div class="v" id="v"><div class="s" id="s" style="height:2400000px"></div></div><script>
const v = document.getElementById('v'), s = document.getElementById('s'), rows = [];
for (let i = 0; i < 50; i++) {
  const d = document.createElement('div'); d.className = 'r';
  d.innerHTML = '<span>▸</span><input type="checkbox"><span class="i"></span><span class="n"></span><span class="sp"></span><button>hide</button><span class="t"></span>';
  s.appendChild(d); rows.push(d);
}
const place = () => { const top = Math.floor(v.scrollTop / 24); for (let k = 0; k < rows.length; k++) { const i = top - 6 + k; const r = rows[((i % 50) + 50) % 50]; r.style.transform = 'translateY(' + i * 24 + 'px)'; r.style.paddingLeft = 6 + (i % 5) * 16 + 'px'; r.children[3].textContent = 'file_' + i + '.ts'; r.children[6].textContent = (i % 900) + ''; } };
v.addEventListener('scroll', place); place();
window.__benchScroll = async (frames, step) => { const out = []; let last = performance.now(); for (let i = 0; i < frames; i++) { await new Promise((r) => requestAnimationFrame(r)); const now = performance.now(); out.push(now - last); last = now; v.scrollTop += step; } return { frames: out.slice(3), top: v.scrollTop, rendered: rows.length }; };
</script></body></html>`;

export const PAGE_SCRIPT = `
(() => {
  const snap = window.__LOUPE_BENCH.snapshot;
  const expanded = window.__LOUPE_BENCH.expanded;
  let rules = { include: [], exclude: [] };
  let revision = 0;
  const focusState = () => ({
    revision, include: rules.include, exclude: rules.exclude,
    summary: { revision, everything: rules.include.length === 0, files: 0, tokens: 0, totalFiles: 0, totalTokens: 0, countedFiles: 0, missing: [] },
  });
  const commands = {
    getSettings: async () => ({ encoding: 'o200k_base', detail: 'full', masking: true, theme: 'light', exportFormat: 'markdown', budget: null, lineNumbers: false }),
    currentProject: async () => ({ root: '/bench', name: 'bench', encoding: 'o200k_base', files: snap.names.length, hidden: 0, notes: [], warnings: [], masking: true }),
    recentProjects: async () => [],
    getFocus: async () => focusState(),
    listSessions: async () => [],
    receivedFiles: async () => [],
    getViewState: async () => ({ expanded }),
    saveViewState: async () => undefined,
    getTree: async () => {
      window.__bench.treeArrived = performance.now();
      return snap;
    },
    toggleFocus: async ({ path, on }) => {
      rules = window.__loupeCommon.toggleRules(rules, path, on);
      revision++;
      return focusState();
    },
  };
  const LISTS = new Set(['accessRequests', 'answerAccessRequest', 'recentProjects', 'hiddenEntries', 'listPresets', 'savePreset', 'renamePreset', 'deletePreset', 'listSessions', 'receivedFiles']);
  window.__bench = { treeArrived: 0, firstPaint: 0 };
  window.loupe = new Proxy(commands, {
    get(target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      if (prop in target) return target[prop];
      if (/^on[A-Z]/.test(prop)) return () => () => {};
      // Commands that answer with a list (sessions, presets, access requests, …): an empty one.
      if (LISTS.has(prop)) return async () => [];
      return async () => null;
    },
  });
  const afterPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="treeitem"]')) return;
    observer.disconnect();
    afterPaint().then(() => { window.__bench.firstPaint = performance.now(); });
  }).observe(document, { childList: true, subtree: true });

  window.__benchToggleRoot = async () => {
    const row = document.querySelector('[role="treeitem"][data-path=""]');
    const before = row.getAttribute('aria-checked');
    const t0 = performance.now();
    row.querySelector('input').click();
    await afterPaint();
    const ms = performance.now() - t0;
    const after = document.querySelector('[role="treeitem"][data-path=""]').getAttribute('aria-checked');
    if (after === before) throw new Error('the root checkbox did not change');
    return ms;
  };

  // Opens the Token map (the treemap is its first view) and waits for the frame after the canvas is
  // drawn; closes it again, so the next call measures a fresh layout.
  window.__benchTreemap = async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Token map');
    const t0 = performance.now();
    button.click();
    for (let i = 0; i < 6000; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const c = document.querySelector('[data-testid="treemap"]');
      if (c && c.dataset.drawnAt) {
        await afterPaint();
        const out = { ms: performance.now() - t0, boxes: Number(c.dataset.boxes) };
        button.click();
        await afterPaint();
        return out;
      }
    }
    throw new Error('the treemap was not drawn');
  };

  window.__benchScroll = async (frames, step) => {
    const el = document.querySelector('[role="tree"]');
    const out = [];
    let last = performance.now();
    for (let i = 0; i < frames; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      out.push(now - last);
      last = now;
      el.scrollTop += step;
    }
    return { frames: out.slice(3), top: el.scrollTop, rendered: document.querySelectorAll('[role="treeitem"]').length };
  };
})();
`;
