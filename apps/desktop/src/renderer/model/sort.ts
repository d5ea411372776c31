// Tree orders: by name is the host's own preorder (node index order, nothing to compute); by
// tokens, each folder's children come biggest first (ties keep name order), folders and files
// together. Either way a subtree stays one contiguous run of positions, so the rows still open
// and close by splicing.
import type { TreeModel } from './tree-model';

export type TreeSort = 'name' | 'tokens';

/** A preorder of the model's nodes other than by index: node at each position, and back. */
export interface TreeOrder {
  at: Int32Array;
  pos: Int32Array;
}

export function tokenOrder(model: TreeModel): TreeOrder {
  const n = model.size;
  const at = new Int32Array(n);
  const pos = new Int32Array(n);
  const { end, tokens } = model;
  let next = 0;
  // Each folder's children, sorted, are pushed reversed so the biggest comes off the stack first.
  const stack: number[] = [0];
  const children: number[] = [];
  while (stack.length) {
    const i = stack.pop()!;
    at[next] = i;
    pos[i] = next++;
    const stop = end[i]!;
    if (stop === i + 1) continue;
    children.length = 0;
    for (let c = i + 1; c < stop; c = end[c]!) children.push(c);
    children.sort((a, b) => tokens[b]! - tokens[a]! || a - b);
    for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
  }
  return { at, pos };
}
