import { translateKey } from '../../i18n/i18n.ts';
import './field-message.css';

/** The line under a field: the error once the member has touched it, otherwise the hint. */
export function FieldMessage({
  error,
  touched,
  hint,
  testId,
}: {
  error: string | null;
  touched: boolean;
  hint?: string;
  testId?: string;
}) {
  if (touched && error) {
    return (
      <span className="field-error" role="alert" data-testid={testId}>
        {translateKey(error)}
      </span>
    );
  }
  return hint ? <span className="field-hint">{hint}</span> : null;
}
