import { useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import { TableRow, type DataTableProps } from './DataTable';

const ROW_HEIGHT = 41;

/** Only the rows in view (plus overscan) are in the DOM; spacer rows keep the scroll height. */
export default function VirtualRows({ scroller, props, colSpan }: { scroller: RefObject<HTMLDivElement | null>; props: DataTableProps; colSpan: number }) {
  const { rows } = props;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : virtualizer.getTotalSize();
  return (
    <>
      {before > 0 && <tr aria-hidden="true" style={{ height: before }}><td colSpan={colSpan} /></tr>}
      {items.map((item) => (
        <TableRow key={rows[item.index].id} row={rows[item.index]} props={props} index={item.index} />
      ))}
      {after > 0 && <tr aria-hidden="true" style={{ height: after }}><td colSpan={colSpan} /></tr>}
    </>
  );
}
