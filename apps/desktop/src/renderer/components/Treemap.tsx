// The token map as a picture: the squarified treemap (model/treemap.ts) drawn on a canvas, boxes
// colored by whether they are in the focus and whether an agent received them (or its copy is
// stale). A click zooms one level into the folder under the pointer, or selects a file at this
// level; the bar below ticks, unticks,
// zooms out and shows the selection in the tree (the canvas itself is a picture; the ranked list
// is the view for keyboard and screen readers).
import { compactCount } from '@loupe/common';
import { useEffect, useMemo, useRef, useState } from 'react';
import { revealInTree } from '../app/commands';
import type { TreeModel } from '../model/tree-model';
import { boxAt, HEADER, layoutTreemap, type TreemapLayout } from '../model/treemap';
import { treeStore } from '../store/index';
import type { Mark } from '../store/tree/index';

interface Palette {
  in: string;
  out: string;
  received: string;
  stale: string;
  folder: string;
  text: string;
  line: string;
}

function palette(el: HTMLElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    in: v('--map-in', '#4c7dd9'),
    out: v('--map-out', '#9aa3ad'),
    received: v('--map-received', '#2e9d5b'),
    stale: v('--map-stale', '#d9822b'),
    folder: v('--map-folder', '#3b4048'),
    text: v('--map-text', '#ffffff'),
    line: v('--map-line', '#1b1e23'),
  };
}

function draw(
  canvas: HTMLCanvasElement,
  l: TreemapLayout,
  model: TreeModel,
  everything: boolean,
  marks: Map<number, Mark>,
  selected: number,
): void {
  const dpr = window.devicePixelRatio || 1;
  const ctx = canvas.getContext('2d')!;
  const p = palette(canvas);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  const inFocus = (n: number) =>
    everything ||
    (model.isDir[n] ? model.checkedCount[n]! * 2 >= model.fileCount[n]! : model.ticked[n] === 1);
  const labels: number[] = [];
  for (let i = 1; i < l.count; i++) {
    const n = l.node[i]!;
    const x = l.x[i]!;
    const y = l.y[i]!;
    const w = l.w[i]!;
    const h = l.h[i]!;
    if (l.opened[i]) {
      ctx.fillStyle = p.folder;
      ctx.fillRect(x, y, w, h);
      if (h > HEADER + 4) labels.push(i);
      continue;
    }
    ctx.fillStyle = inFocus(n) ? p.in : p.out;
    ctx.fillRect(x, y, w, h);
    const mark = model.isDir[n] ? undefined : marks.get(n);
    if (mark && w >= 4 && h >= 4) {
      ctx.strokeStyle = mark.changed ? p.stale : p.received;
      ctx.lineWidth = Math.min(3, w / 4, h / 4);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, w - ctx.lineWidth, h - ctx.lineWidth);
    }
    if (w > 2 && h > 2) {
      ctx.strokeStyle = p.line;
      ctx.lineWidth = 0.5;
      ctx.strokeRect(x, y, w, h);
    }
    if (w > 44 && h > 16) labels.push(i);
  }
  // Names last, on top; cut to the box by a character budget (measuring each would cost more).
  ctx.fillStyle = p.text;
  for (const i of labels) {
    const room = Math.floor((l.w[i]! - 6) / 6.2);
    if (room < 3) continue;
    const name = model.names[l.node[i]!]!;
    ctx.fillText(name.length > room ? `${name.slice(0, room - 1)}…` : name, l.x[i]! + 3, l.y[i]! + 2);
  }
  if (selected >= 0) {
    ctx.strokeStyle = p.text;
    ctx.lineWidth = 2;
    ctx.strokeRect(l.x[selected]! + 1, l.y[selected]! + 1, l.w[selected]! - 2, l.h[selected]! - 2);
  }
}

export function Treemap({
  model,
  tick,
  everything,
  marks,
}: {
  model: TreeModel;
  tick: number;
  everything: boolean;
  marks: Map<number, Mark>;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [root, setRoot] = useState(0);
  const [selected, setSelected] = useState(-1);
  const [hover, setHover] = useState(-1);
  const zoomRoot = root < model.size && model.isDir[root] ? root : 0;

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Layout follows the model, its counts (tick), the zoom and the size; colors alone only redraw.
  const totalTokens = model.tokens[zoomRoot]!;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the model mutates in place; its root total says when counts moved
  const layout = useMemo(
    () => (size.w > 0 && size.h > 0 ? layoutTreemap(model, zoomRoot, size.w, size.h) : null),
    [model, zoomRoot, size.w, size.h, totalTokens],
  );
  const selectedNode = selected >= 0 && model.parent[selected] !== undefined ? selected : -1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick says when ticks or marks changed
  useEffect(() => {
    const c = canvas.current;
    if (!c || !layout) return;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(size.w * dpr) || c.height !== Math.round(size.h * dpr)) {
      c.width = Math.round(size.w * dpr);
      c.height = Math.round(size.h * dpr);
    }
    let box = -1;
    for (let i = 0; i < layout.count && selectedNode >= 0; i++) if (layout.node[i] === selectedNode) box = i;
    draw(c, layout, model, everything, marks, box);
    c.dataset.boxes = String(layout.count);
    c.dataset.drawnAt = String(performance.now());
  }, [layout, tick, everything, marks, selectedNode]);

  const at = (e: React.MouseEvent) => {
    if (!layout || !canvas.current) return -1;
    const r = canvas.current.getBoundingClientRect();
    const i = boxAt(layout, e.clientX - r.left, e.clientY - r.top);
    return i > 0 ? layout.node[i]! : -1;
  };
  const focusNode = selectedNode >= 0 ? selectedNode : zoomRoot;
  const t = treeStore.getState();
  const path = (n: number) => (n === 0 ? '(the project)' : model.pathOf(n));
  const state = t.model === model ? model.checkState(focusNode) : 'unchecked';
  const shown = hover >= 0 ? hover : focusNode;

  return (
    <div className="treemap">
      <div className="treemap-bar">
        <button
          type="button"
          disabled={zoomRoot === 0}
          aria-label="Zoom out of the token map"
          onClick={() => {
            setRoot(Math.max(0, model.parent[zoomRoot]!));
            setSelected(-1);
          }}
        >
          ↑ Zoom out
        </button>
        <span className="treemap-root" data-testid="treemap-root">
          {path(zoomRoot)}
        </span>
      </div>
      <div ref={wrap} className="treemap-canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Treemap of ${path(zoomRoot)}: ${compactCount(totalTokens)} tokens`}
          data-testid="treemap"
          style={{ width: size.w, height: size.h }}
          onMouseMove={(e) => setHover(at(e))}
          onMouseLeave={() => setHover(-1)}
          onClick={(e) => {
            // One level per click: the box of the zoom root's child under the pointer.
            let n = at(e);
            while (n > 0 && model.parent[n] !== zoomRoot) n = model.parent[n]!;
            if (n <= 0) return;
            if (model.isDir[n]) {
              setRoot(n);
              setSelected(-1);
            } else setSelected(n);
          }}
        />
      </div>
      <div className="treemap-info" data-testid="treemap-info">
        <span className="treemap-name" title={path(shown)}>
          {path(shown)}
        </span>
        <span className="muted">{compactCount(model.tokens[shown] ?? 0)} tokens</span>
        {model.tickable(focusNode) ? (
          <button
            type="button"
            onClick={() => void t.toggleCheck(focusNode)}
            aria-label={`${state === 'checked' ? 'Untick' : 'Tick'} ${path(focusNode)} from the map`}
          >
            {state === 'checked' ? 'Untick' : 'Tick'} {model.isDir[focusNode] ? 'folder' : 'file'}
          </button>
        ) : null}
        {focusNode !== 0 ? (
          <button type="button" onClick={() => revealInTree(model.pathOf(focusNode))}>
            Show in tree
          </button>
        ) : null}
      </div>
      <div className="legend map-legend">
        <span className="key map-in" /> in the focus <span className="key map-out" /> not in the focus{' '}
        <span className="key map-received" /> received by an agent <span className="key map-stale" /> changed
        since received
      </div>
    </div>
  );
}
