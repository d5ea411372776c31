// A fixed-row-height virtual list: only the rows in view (plus overscan) exist in the DOM, placed
// by transform inside one tall spacer. Rows live in slots (index modulo a pool sized to the view)
// and the DOM keeps slot order, so scrolling rewrites the rows that changed in place and never
// moves or recreates a node. Keyboard and screen-reader order come from the caller's ARIA
// (aria-activedescendant, aria-level), not from DOM order.
import {
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  overscan?: number;
  renderRow: (index: number) => ReactNode;
  /** Scroll so this row is visible (follows `seq`). */
  scrollTo?: { row: number; seq: number } | null;
  className?: string;
  role?: string;
  ariaLabel?: string;
  ariaActivedescendant?: string;
  ariaDisabled?: boolean;
  tabIndex?: number;
  onKeyDown?: (e: React.KeyboardEvent<HTMLDivElement>) => void;
  testId?: string;
}

export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, overscan = 6, renderRow, scrollTo } = props;
  const ref = useRef<HTMLDivElement>(null);
  // The first visible row (not the pixel offset: a scroll within one row renders nothing new).
  const [top, setTop] = useState(0);
  // The window's height until the list is measured: reading clientHeight in a layout effect would
  // force a layout and a second render before the first paint.
  const [height, setHeight] = useState(() => window.innerHeight);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight || window.innerHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !scrollTo) return;
    const y = scrollTo.row * rowHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = y + rowHeight - el.clientHeight;
  }, [scrollTo, rowHeight]);

  const onScroll = useCallback(
    (e: UIEvent<HTMLDivElement>) => setTop(Math.floor(e.currentTarget.scrollTop / rowHeight)),
    [rowHeight],
  );

  const visible = Math.ceil(height / rowHeight) + 1;
  const pool = visible + 2 * overscan;
  const first = Math.max(0, top - overscan);
  const last = Math.min(count, top + visible + overscan);
  const slots: ReactNode[] = new Array(pool).fill(null);
  for (let i = first; i < last; i++)
    slots[i % pool] = (
      <div
        key={i % pool}
        className="vrow"
        style={{ transform: `translateY(${i * rowHeight}px)`, height: rowHeight }}
      >
        {renderRow(i)}
      </div>
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the role (e.g. tree) is given by the caller
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-activedescendant goes with the caller's role
    <div
      ref={ref}
      className={`vlist ${props.className ?? ''}`}
      onScroll={onScroll}
      role={props.role}
      aria-label={props.ariaLabel}
      aria-activedescendant={props.ariaActivedescendant}
      aria-disabled={props.ariaDisabled || undefined}
      tabIndex={props.tabIndex}
      onKeyDown={props.onKeyDown}
      data-testid={props.testId}
    >
      <div className="vspacer" style={{ height: count * rowHeight }}>
        {slots}
      </div>
    </div>
  );
}
