import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type Key,
  type ReactNode,
  type Ref,
  type UIEvent,
} from 'react'

export type VirtualListHandle = {
  /** Scrolls just enough to show row `index` whole. */
  scrollToIndex(index: number): void
  readonly element: HTMLDivElement | null
}

export type VirtualListProps = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onScroll'> & {
  itemCount: number
  /**
   * Every row's height (px): one number for all (the window is then a division), or a height per
   * row (section headings between rows); either way fixed, never measured.
   */
  itemHeight: number | ((index: number) => number)
  /** The viewport's height (px). */
  height: number
  /** Rows rendered beyond each edge of the viewport, so a fast scroll does not show blanks. */
  overscan?: number
  renderItem: (index: number) => ReactNode
  itemKey?: (index: number) => Key
  /** Called when the rows within `endThreshold` of the end come into view (infinite scroll). */
  onEndReached?: () => void
  endThreshold?: number
  ref?: Ref<VirtualListHandle>
}

/** The rows of a list scrolled to `scrollTop`: only those in (or near) the viewport. */
export function visibleRange(
  scrollTop: number,
  options: { itemCount: number; itemHeight: number; height: number; overscan: number },
): { start: number; end: number } {
  const { itemCount, itemHeight, height, overscan } = options
  if (itemCount <= 0 || itemHeight <= 0) return { start: 0, end: 0 }
  const first = Math.floor(Math.max(0, scrollTop) / itemHeight)
  const last = Math.ceil((Math.max(0, scrollTop) + height) / itemHeight)
  return { start: Math.max(0, first - overscan), end: Math.min(itemCount, last + overscan) }
}

/** The rows in (or near) the viewport when each row starts at `offsets[i]` (binary search). */
export function rangeOfOffsets(offsets: readonly number[], scrollTop: number, height: number, overscan: number): { start: number; end: number } {
  const count = offsets.length - 1
  if (count <= 0) return { start: 0, end: 0 }
  const top = Math.max(0, scrollTop)
  // The last row starting at or above the top, and the first starting at or below the bottom.
  let lo = 0
  let hi = count - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (offsets[mid]! <= top) lo = mid
    else hi = mid - 1
  }
  let last = lo
  while (last < count && offsets[last]! < top + height) last++
  return { start: Math.max(0, lo - overscan), end: Math.min(count, last + overscan) }
}

/**
 * A windowed list of fixed-height rows: however long the list, only the rows in view (plus
 * `overscan`) are in the DOM, placed in one translated block inside a spacer of the full height.
 *
 * @example
 * <VirtualList itemCount={wallets.length} itemHeight={48} height={360} renderItem={(i) => <Row wallet={wallets[i]} />} />
 */
export function VirtualList({
  itemCount,
  itemHeight,
  height,
  overscan = 4,
  renderItem,
  itemKey,
  onEndReached,
  endThreshold = 5,
  style,
  ref,
  ...rest
}: VirtualListProps) {
  const element = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  // With a height per row: where each row starts (the last entry is the whole height).
  const offsets = useMemo(() => {
    if (typeof itemHeight === 'number') return null
    const out = [0]
    for (let i = 0; i < itemCount; i++) out.push(out[i]! + itemHeight(i))
    return out
  }, [itemCount, itemHeight])
  const offsetOf = (index: number) => (offsets ? offsets[index]! : index * (itemHeight as number))
  const heightOf = (index: number) => offsetOf(index + 1) - offsetOf(index)
  const { start, end } = offsets
    ? rangeOfOffsets(offsets, scrollTop, height, overscan)
    : visibleRange(scrollTop, { itemCount, itemHeight: itemHeight as number, height, overscan })

  useImperativeHandle(
    ref,
    () => ({
      get element() {
        return element.current
      },
      scrollToIndex(index: number) {
        const el = element.current
        if (!el || index < 0 || index >= itemCount) return
        const top = offsetOf(index)
        const bottom = offsetOf(index + 1)
        let next = el.scrollTop
        if (top < el.scrollTop) next = top
        else if (bottom > el.scrollTop + height) next = bottom - height
        if (next !== el.scrollTop) {
          el.scrollTop = next
          // Rendered now rather than on the scroll event, so the row exists for focus and aria.
          setScrollTop(next)
        }
      },
    }),
    [itemCount, itemHeight, height, offsets],
  )

  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop), [])

  // The last rows are in view: ask for more. Keyed on the count so each new page asks once.
  const nearEnd = itemCount > 0 && end >= itemCount - endThreshold
  useEffect(() => {
    if (nearEnd) onEndReached?.()
  }, [nearEnd, itemCount, onEndReached])

  const rows: ReactNode[] = []
  for (let i = start; i < end; i++) {
    rows.push(
      <div key={itemKey ? itemKey(i) : i} style={{ height: heightOf(i) }}>
        {renderItem(i)}
      </div>,
    )
  }
  return (
    <div ref={element} onScroll={onScroll} style={{ ...style, height, overflowY: 'auto', position: 'relative' }} {...rest}>
      <div style={{ height: offsetOf(itemCount), position: 'relative' }}>
        <div style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${offsetOf(start)}px)` }}>{rows}</div>
      </div>
    </div>
  )
}
