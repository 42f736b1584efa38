interface Chip {
  value: string;
  label: string;
}

/** Quick-fill chips under an amount field (UX "Forms that move money"). */
export function AmountChips({
  chips,
  value,
  onPick,
  testIdPrefix,
}: {
  chips: readonly Chip[];
  value: string;
  onPick: (value: string) => void;
  testIdPrefix: string;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="chips" role="group">
      {chips.map((chip, i) => (
        <button
          key={`${chip.label}-${String(i)}`}
          type="button"
          className={`chip${chip.value === value ? ' chip--on' : ''}`}
          onClick={() => onPick(chip.value)}
          data-testid={`${testIdPrefix}-${chip.value}`}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}
