import { useTranslation } from 'react-i18next';
import { setThemeChoice, setUpColour, useTheme } from '../../../shared/theme/theme.store.ts';
import { themeChoices, upColours } from '../../../shared/theme/theme.ts';

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  hint: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
}

/** Native radio buttons drawn as a segmented control (arrow keys, role and focus from the browser). */
function ChoiceGroup<T extends string>({ name, legend, hint, options, value, label, onChange }: ChoiceGroupProps<T>) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="appearance__group" aria-describedby={hintId} data-testid={`setting-${name}`}>
      <legend className="appearance__legend">{legend}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label
            key={option}
            className={`segmented__option appearance__option${option === value ? ' segmented__option--on' : ''}`}
            data-testid={`setting-${name}-${option}`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="visually-hidden"
            />
            {label(option)}
          </label>
        ))}
      </div>
      <p id={hintId} className="appearance__hint">
        {hint}
      </p>
    </fieldset>
  );
}

/** Issue 27: the colour scheme (system, light, dark) and which way rises are coloured, both kept on this device. */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <section className="appearance adm-list-card" aria-labelledby="appearance-title" data-testid="setting-appearance">
      <h2 id="appearance-title" className="appearance__title">
        {t('appearance.section')}
      </h2>
      <ChoiceGroup
        name="theme"
        legend={t('appearance.theme')}
        hint={t('appearance.themeHint')}
        options={themeChoices}
        value={theme.choice}
        label={(choice) => t(`appearance.${choice}`)}
        onChange={setThemeChoice}
      />
      <ChoiceGroup
        name="up-colour"
        legend={t('appearance.upColour')}
        hint={t('appearance.upHint')}
        options={upColours}
        value={theme.up}
        label={(colour) => t(`appearance.${colour}`)}
        onChange={setUpColour}
      />
    </section>
  );
}
