import { jstText } from './jst.ts';

/** Items grouped under their JST calendar day, in the order given (newest first). */
export function groupByDay<T>(
  items: readonly T[],
  at: (item: T) => string,
  locale: 'en' | 'tw' | 'jp',
): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = jstText(at(item), 'Y-M-D (E)', locale);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
