import { translateKey } from '../../i18n/i18n.ts';
import './form-error.css';

/** The form's refusal (a message key from the server or a pre-check), shown above the links; nothing when there is none. */
export function FormError({ error, testId }: { error: string | null; testId: string }) {
  if (!error) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      {translateKey(error)}
    </div>
  );
}
