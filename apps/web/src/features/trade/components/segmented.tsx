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
