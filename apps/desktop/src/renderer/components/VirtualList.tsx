// A fixed-row-height virtual list: only the rows in view (plus overscan) exist in the DOM, placed
// by transform inside one tall spacer. Rows are keyed by slot (index modulo the pool size), so
// scrolling reuses DOM nodes instead of mounting new ones.
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
  tabIndex?: number;
  onKeyDown?: (e: React.KeyboardEvent<HTMLDivElement>) => void;
  testId?: string;
}

export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, overscan = 8, renderRow, scrollTo } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight || 600);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !scrollTo) return;
    const top = scrollTo.row * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top + rowHeight - el.clientHeight;
  }, [scrollTo, rowHeight]);

  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop), []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const pool = Math.ceil(height / rowHeight) + 2 * overscan + 2;
  const items: ReactNode[] = [];
  for (let i = first; i < last; i++)
    items.push(
      <div
        key={i % pool}
        className="vrow"
        style={{ transform: `translateY(${i * rowHeight}px)`, height: rowHeight }}
      >
        {renderRow(i)}
      </div>,
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
      tabIndex={props.tabIndex}
      onKeyDown={props.onKeyDown}
      data-testid={props.testId}
    >
      <div className="vspacer" style={{ height: count * rowHeight }}>
        {items}
      </div>
    </div>
  );
}
