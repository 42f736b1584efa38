import { describe, expect, it } from 'vitest';
import { toAppConfig } from './app-config.ts';

describe('start-up config (SPEC §7)', () => {
  it('turns name/value pairs into title, logo and contact', () => {
    const config = toAppConfig([
      { name: 'title', value: 'Kabuto Securities' },
      { name: 'logo', value: 'logo-2026.png' },
      { name: 'contact', value: 'support@kabuto.example' },
    ]);
    expect(config.title).toBe('Kabuto Securities');
    expect(config.logoUrl).toBe('/api/images/logo-2026.png');
    expect(config.contact).toBe('support@kabuto.example');
  });

  it('falls back to the bundled logo and the product name when values are empty', () => {
    const config = toAppConfig([{ name: 'logo', value: '' }]);
    expect(config.title).toBe('Kabuto');
    expect(config.logoUrl).not.toBe('');
    expect(config.logoUrl.startsWith('/api/images/')).toBe(false);
  });
});
