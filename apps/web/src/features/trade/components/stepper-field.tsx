import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';

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
 * dropped while typing; the ticket reads it exactly (full-width digits, thousands commas) or says why it cannot.
 */
export function StepperField({
  label,
  value,
  decimals,
  onChange,
  onStep,
  unit,
  invalid,
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
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`stepper${invalid ? ' stepper--invalid' : ''}`}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('trade.stepDown', { field: label })}
        onClick={() => onStep('down')}
        data-testid={`${testId}-down`}
      >
        <Minus aria-hidden="true" />
      </button>
      <input
        className="stepper__input num"
        inputMode="decimal"
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
        aria-label={t('trade.stepUp', { field: label })}
        onClick={() => onStep('up')}
        data-testid={`${testId}-up`}
      >
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}

/** A row of mutually exclusive options drawn as a segmented control (native radios: arrow keys and roles for free). */
export function Segmented<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
  testId,
  tone,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testId: string;
  /** Colours the chosen option by side (long in the rising colour, short in the falling one). */
  tone?: (value: T) => string;
}) {
  return (
    <fieldset className="trade-segmented" data-testid={testId}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => {
        const on = option.value === value;
        return (
          <label
            key={String(option.value)}
            className={`trade-segmented__option${on ? ' trade-segmented__option--on' : ''}${on && tone ? ` ${tone(option.value)}` : ''}`}
            data-testid={`${testId}-${String(option.value)}`}
          >
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={on}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
}
