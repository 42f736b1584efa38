import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/app-config.ts';
import './brand-header.css';

/** Logo and product name from the start-up config (SPEC §7). */
export function BrandHeader({ tagline = true }: { tagline?: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <div className="brand-header">
      <img src={config.logoUrl} alt="" width={48} height={48} data-testid="brand-logo" />
      <div>
        <div className="brand-header__name">{config.title}</div>
        {tagline && <div className="brand-header__tagline">{t('app.tagline')}</div>}
      </div>
    </div>
  );
}
