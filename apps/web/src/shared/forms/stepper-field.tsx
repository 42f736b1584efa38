import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';
import './stepper-field.css';

/**
 * The figure a field should show once the member leaves it: what they typed, read exactly and written plainly
 * ("１，０００" → "1000"); null when it is already plain, or cannot be read (the field then keeps it, and says why).
 */
export function tidiedFigure(value: string, decimals: number): string | null {
  const read = readDecimalInput(value, { maxDecimals: decimals });
  return 'ok' in read && read.ok !== value ? read.ok : null;
}

/**
 * A figure with − and + on either side (44 px targets), typed or stepped. The text is kept as typed, so nothing is
 * dropped while typing; the form reads it exactly (full-width digits, thousands commas) or says why it cannot.
 */
export function StepperField({
  label,
  value,
  decimals,
  onChange,
  onStep,
  unit,
  invalid,
  inputMode = 'decimal',
  testId,
}: {
  label: string;
  value: string;
  /** Decimal places the figure takes, for writing it plainly when the member leaves the field. */
  decimals: number;
  onChange: (value: string) => void;
  onStep: (direction: 'up' | 'down') => void;
  unit?: string;
  invalid: boolean;
  /** The phone keypad: `numeric` for whole numbers (shares), `decimal` for prices. */
  inputMode?: 'decimal' | 'numeric';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`stepper${invalid ? ' stepper--invalid' : ''}`}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('common.stepDown', { field: label })}
        onClick={() => onStep('down')}
        data-testid={`${testId}-down`}
      >
        <Minus aria-hidden="true" />
      </button>
      <input
        className="stepper__input num"
        inputMode={inputMode}
        aria-label={label}
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const tidied = tidiedFigure(value, decimals);
          if (tidied !== null) onChange(tidied);
        }}
        data-testid={testId}
      />
      {unit && <span className="stepper__unit">{unit}</span>}
      <button
        type="button"
        className="stepper__button"
        aria-label={t('common.stepUp', { field: label })}
        onClick={() => onStep('up')}
        data-testid={`${testId}-up`}
      >
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}
