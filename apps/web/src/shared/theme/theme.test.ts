import { describe, expect, it } from 'vitest';
import {
  applyToRoot,
  defaultUpColour,
  parseThemeChoice,
  parseUpColour,
  resolveScheme,
  resolveUpColour,
} from './theme.ts';

describe('colour scheme', () => {
  it('follows the system unless the member chose light or dark', () => {
    expect(resolveScheme('system', true)).toBe('dark');
    expect(resolveScheme('system', false)).toBe('light');
    expect(resolveScheme('light', true)).toBe('light');
    expect(resolveScheme('dark', false)).toBe('dark');
  });

  it('reads an unknown or missing stored choice as "system"', () => {
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('Dark')).toBe('system');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('light')).toBe('light');
  });
});

describe('price colours', () => {
  it('is red-up in Japanese and Chinese, green-up in English, until the member chooses', () => {
    expect(defaultUpColour('jp')).toBe('red');
    expect(defaultUpColour('tw')).toBe('red');
    expect(defaultUpColour('en')).toBe('green');
    expect(resolveUpColour(null, 'jp')).toBe('red');
    expect(resolveUpColour('green', 'jp')).toBe('green');
    expect(resolveUpColour('red', 'en')).toBe('red');
  });

  it('ignores a stored value that is not a choice', () => {
    expect(parseUpColour('blue')).toBeNull();
    expect(parseUpColour(undefined)).toBeNull();
    expect(parseUpColour('green')).toBe('green');
  });
});

describe('document root', () => {
  it('sets the kit’s dark attribute and the green-up attribute, and removes them again', () => {
    const root = document.createElement('html');
    applyToRoot(root, 'dark', 'green');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(root.getAttribute('data-up-colour')).toBe('green');
    applyToRoot(root, 'light', 'red');
    expect(root.hasAttribute('data-prefers-color-scheme')).toBe(false);
    expect(root.hasAttribute('data-up-colour')).toBe(false);
  });
});
