import type { CSSProperties } from 'react';
import { Skeleton } from 'antd-mobile';
import './list-skeleton.css';

interface ListSkeletonProps {
  /** As many rows as a screenful of the real list shows. */
  rows: number;
  /** The height of one real row (its card or line), in px: the list lands where the skeleton stood. */
  rowHeight: number;
  /** Space between rows and around the list, as the real list has it (px). */
  gap?: number;
  inset?: number;
  radius?: number;
  /** Said to assistive technology while the list loads. */
  label?: string;
  testId?: string;
}

/**
 * UX "Every list has three states": loading as skeleton rows of the height of the rows they stand for, so nothing
 * moves when the data arrives (the kit's bare Skeleton is 0 px tall unless told otherwise).
 */
export function ListSkeleton({ rows, rowHeight, gap = 12, inset = 12, radius = 12, label, testId }: ListSkeletonProps) {
  const style = { '--list-skeleton-gap': `${gap}px`, '--list-skeleton-inset': `${inset}px` } as CSSProperties;
  const row = { '--height': `${rowHeight}px`, '--border-radius': `${radius}px` } as CSSProperties;
  return (
    <div className="list-skeleton" style={style} aria-busy="true" aria-label={label} role="status" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} animated className="list-skeleton__row" style={row} />
      ))}
    </div>
  );
}
