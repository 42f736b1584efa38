import type { ReactNode } from 'react';
import './detail-list.css';

export interface DetailRow {
  /** The term; also the row's key, so unique within one list. */
  label: string;
  value: ReactNode;
  /** On the value (`num`, `mono`, …). */
  className?: string;
  testId?: string;
  /** On the row, e.g. `detail-list__strong`. */
  rowClassName?: string;
}

/** A term/value list (`detail-list`), as on result screens, rule cards and review detail panes. */
export function DetailList({
  rows,
  compact = false,
  testId,
}: {
  rows: readonly DetailRow[];
  compact?: boolean;
  testId?: string;
}) {
  return (
    <dl className={compact ? 'detail-list detail-list--compact' : 'detail-list'} data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className={row.rowClassName}>
          <dt>{row.label}</dt>
          <dd className={row.className} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
