import { describe, expect, it } from 'vitest';
import { readDecimalInput } from './decimal-input.ts';

const yen = (text: string) => readDecimalInput(text, { maxDecimals: 0 });
const price = (text: string) => readDecimalInput(text, { maxDecimals: 2 });

describe('a pasted amount with thousands separators', () => {
  it('refuses "10,000.50" as whole yen instead of reading ¥1,000,050', () => {
    expect(yen('10,000.50')).toEqual({ problem: 'tooManyDecimals' });
  });

  it('reads "10,000.50" as a price to two decimals', () => {
    expect(price('10,000.50')).toEqual({ ok: '10000.50' });
  });

  it('reads commas between every three digits', () => {
    expect(yen('1,000')).toEqual({ ok: '1000' });
    expect(yen('1,234,567')).toEqual({ ok: '1234567' });
    expect(price('12,345.6')).toEqual({ ok: '12345.6' });
  });

  it.each(['1,00', '1,0000', '10000,000', ',100', '100,', '1,,000', '1.000,50', '10,5', '1 000'])(
    'refuses "%s", whose commas or spaces are not thousands separators',
    (text) => {
      expect(price(text)).toEqual({ problem: 'unreadable' });
    },
  );
});

describe('full-width figures typed with a Japanese keyboard', () => {
  it('reads "１００" as 100', () => {
    expect(yen('１００')).toEqual({ ok: '100' });
  });

  it('reads a full-width comma and point', () => {
    expect(price('１０，０００．５')).toEqual({ ok: '10000.5' });
  });

  it('ignores spaces around the figure, full-width ones too', () => {
    expect(yen('\u3000１００ ')).toEqual({ ok: '100' });
  });
});

describe('decimals', () => {
  it('refuses a digit beyond the places allowed, never cutting it off', () => {
    expect(price('3000.505')).toEqual({ problem: 'tooManyDecimals' });
    expect(yen('100.5')).toEqual({ problem: 'tooManyDecimals' });
    expect(readDecimalInput('0.05', { maxDecimals: 1 })).toEqual({ problem: 'tooManyDecimals' });
  });

  it('takes zeros beyond the places allowed, since they change nothing', () => {
    expect(yen('100.00')).toEqual({ ok: '100' });
    expect(price('3000.500')).toEqual({ ok: '3000.50' });
  });

  it('reads a point with nothing on one side', () => {
    expect(price('.5')).toEqual({ ok: '0.5' });
    expect(price('5.')).toEqual({ ok: '5' });
  });

  it('drops leading zeros of the whole part', () => {
    expect(yen('007')).toEqual({ ok: '7' });
    expect(price('000.25')).toEqual({ ok: '0.25' });
    expect(yen('0')).toEqual({ ok: '0' });
  });
});

describe('what is not a figure', () => {
  it.each(['1.2.3', '.', 'abc', '12a', '-100', '−100', '+100', '1e3', '¥100', '100円', 'NaN'])(
    'refuses "%s"',
    (text) => {
      expect(price(text)).toEqual({ problem: 'unreadable' });
    },
  );

  it('answers an empty field as empty, for the field to decide', () => {
    expect(price('')).toEqual({ ok: '' });
    expect(price('   ')).toEqual({ ok: '' });
  });
});
