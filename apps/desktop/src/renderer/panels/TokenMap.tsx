// The token map: where the tokens are, as a picture (a squarified treemap of the whole project,
// colored by focus and agent marks; click to zoom, tick from it) or as ranked bars of the focus's
// largest folders and files (click one to show it in the tree, × to untick it).

import { compactCount } from '@loupe/common';
import { useState } from 'react';
import { revealInTree } from '../app/commands';
import { Treemap } from '../components/Treemap';
import type { TreeModel } from '../model/tree-model';
import { useTree } from '../store/hooks';
import { treeStore } from '../store/index';

const TOP = 12;

interface Bar {
  node: number;
  path: string;
  tokens: number;
}

/** The `n` largest nodes by focus tokens (ticked tokens, or all when nothing is ticked). */
export function largest(model: TreeModel, dirs: boolean, everything: boolean, n = TOP): Bar[] {
  const weight = everything ? model.tokens : model.checkedTokens;
  const best: number[] = [];
  // A folder whose weight sits entirely in one subfolder adds nothing: show the deepest of a chain.
  const passThrough = (i: number) => {
    for (let c = i + 1; c < model.end[i]!; c = model.end[c]!)
      if (model.isDir[c] && weight[c] === weight[i]) return true;
    return false;
  };
  for (let i = 1; i < model.size; i++) {
    if ((model.isDir[i] === 1) !== dirs || model.hidden[i] || weight[i]! <= 0) continue;
    if (dirs && passThrough(i)) continue;
    if (best.length < n || weight[i]! > weight[best[best.length - 1]!]!) {
      let at = best.length;
      while (at > 0 && weight[best[at - 1]!]! < weight[i]!) at--;
      best.splice(at, 0, i);
      if (best.length > n) best.pop();
    }
  }
  return best.map((node) => ({ node, path: model.pathOf(node), tokens: weight[node]! }));
}

function Bars({
  title,
  bars,
  total,
  everything,
}: {
  title: string;
  bars: Bar[];
  total: number;
  everything: boolean;
}) {
  const t = treeStore.getState();
  return (
    <div className="bars">
      <h3>{title}</h3>
      {bars.length === 0 ? <p className="muted">Nothing counted yet.</p> : null}
      {bars.map((b) => (
        <div key={b.node} className="bar-row">
          <button
            type="button"
            className="bar-button"
            onClick={() => revealInTree(b.path)}
            title={`Show ${b.path} in the tree`}
          >
            <span
              className="bar-fill"
              style={{ width: `${Math.max(1, (b.tokens / Math.max(1, total)) * 100)}%` }}
            />
            <span className="bar-label">{b.path}</span>
            <span className="bar-value">{compactCount(b.tokens)}</span>
          </button>
          {!everything ? (
            <button
              type="button"
              className="untick"
              title={`Untick ${b.path}`}
              aria-label={`Untick ${b.path}`}
              onClick={() => {
                if (t.model && t.model.checkState(b.node) !== 'unchecked') void t.toggleCheck(b.node);
              }}
            >
              ×
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

export function TokenMap() {
  const { model, tick, everything, marks } = useTree((s) => ({
    model: s.model,
    tick: s.tick,
    everything: s.rules.include.length === 0,
    marks: s.marks,
  }));
  const [view, setView] = useState<'map' | 'list'>('map');
  if (!model) return null;
  const total = everything ? model.tokens[0]! : model.checkedTokens[0]!;
  const switcher = (
    <fieldset className="view-switch" aria-label="Token map view">
      <button type="button" aria-pressed={view === 'map'} onClick={() => setView('map')}>
        Treemap
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
        Ranked list
      </button>
    </fieldset>
  );
  if (view === 'map')
    return (
      <section className="panel token-map" aria-label="Token map" data-testid="token-map">
        <h2>Token map</h2>
        {switcher}
        <p className="muted">
          The whole project by tokens ({compactCount(model.tokens[0]!)});{' '}
          {everything ? 'nothing ticked: all of it is the focus' : `${compactCount(total)} in the focus`}.
        </p>
        <Treemap model={model} tick={tick} everything={everything} marks={marks} />
      </section>
    );
  return (
    <section className="panel token-map" aria-label="Token map" data-testid="token-map">
      <h2>Token map</h2>
      {switcher}
      <p className="muted">
        {everything ? 'Nothing ticked: the whole project.' : 'The ticked focus.'} {compactCount(total)}{' '}
        tokens.
      </p>
      <Bars
        title="Largest folders"
        bars={largest(model, true, everything)}
        total={total}
        everything={everything}
      />
      <Bars
        title="Largest files"
        bars={largest(model, false, everything)}
        total={total}
        everything={everything}
      />
    </section>
  );
}
