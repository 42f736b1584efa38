import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { push } from '../../../shared/navigation/navigation.ts';

/** Looks like a search field; tapping it opens /home/search (UX "Market list": a search field that opens search). */
export function SearchOpener() {
  const { t } = useTranslation();
  return (
    <button type="button" className="search-opener" onClick={() => push('/home/search')} data-testid="search-opener">
      <Search aria-hidden="true" />
      <span>{t('search.placeholder')}</span>
    </button>
  );
}
