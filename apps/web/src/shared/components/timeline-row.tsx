import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@kabuto/contracts/funds/records';
import { AmountText } from './amount-text.tsx';
import { jstText, useLocale } from '../format/jst.ts';
import { translateKey } from '../../i18n/i18n.ts';
import './timeline-row.css';

/** One journal entry that touched the member's money: its translated reason, time, and lines per book and currency (DESIGN "Integrity" 2). */
export function TimelineRow({
  entry,
  testId = 'tl-row',
  timePattern = 'h:m:s',
}: {
  entry: TimelineEntry;
  testId?: string;
  timePattern?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="timeline-row" data-testid={testId} data-reason={entry.reason} data-kind={entry.kind}>
      <div className="timeline-row__head">
        <span className="timeline-row__reason" data-testid="tl-reason">
          {translateKey(entry.reason)}
        </span>
        <span className="num timeline-row__time">{jstText(entry.at, timePattern, locale)}</span>
      </div>
      <div className="timeline-row__ref mono">{entry.refId}</div>
      <table className="timeline-row__lines">
        <tbody>
          {entry.lines.map((line, i) => (
            <tr
              key={`${line.book}-${line.currency}-${String(i)}`}
              data-testid="tl-line"
              data-book={line.book}
              data-currency={line.currency}
            >
              <td>{t(`books.${line.book}`, { defaultValue: line.book })}</td>
              <td className="mono">{line.currency}</td>
              <td className="timeline-row__amount">
                <AmountText amount={line.amount} currency={line.currency} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
