import { roundToTick } from '@kabuto/domain/market/tick-size';
import { toWire } from '@kabuto/domain/money';
import { hashSeed, mulberry32, randomInt } from './prng.ts';
import { TSE_SECTORS, type SectorCode, type TseCompany } from './tse-companies.ts';

/*
 * Issue 17 §13: the whole TSE Prime/Standard/Growth universe is about 3,900 names, the real list here 273. The scale
 * bench tops the real list up with made-up companies so the feed and the reads are measured at that size. They are
 * NOT real companies and never part of the default universe (members never see them): codes start with `X`, which
 * no TSE code does (TSE codes start with a digit), and every name says "simulated".
 */

/** The prefix of every synthetic code: `X` + three base-36 characters (X000–XZZZ, 46,656 codes). */
export const syntheticCodePrefix = 'X';

const sectorCodes = Object.keys(TSE_SECTORS) as SectorCode[];

/** The `n`-th synthetic code (0-based): X000, X001, …, X00Z, X010, … */
export function syntheticCode(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 36 ** 3) throw new RangeError(`No synthetic code number ${n}`);
  return `${syntheticCodePrefix}${n.toString(36).toUpperCase().padStart(3, '0')}`;
}

/**
 * `count` made-up companies, the same for the same count every time: sector, TOPIX 500 flag (about one in five), a
 * base price from 100 to 20,000 yen on the tick grid, shares issued, daily volume and volatility in the ranges of the
 * real list (larger companies calmer and busier), all from a hash of the code.
 */
export function syntheticCompanies(count: number): TseCompany[] {
  return Array.from({ length: count }, (_, n) => {
    const code = syntheticCode(n);
    const random = mulberry32(hashSeed(0x5ca1e, code));
    const sectorCode = sectorCodes[randomInt(random, 0, sectorCodes.length - 1)] as SectorCode;
    const topix500 = random() < 0.2;
    const tickTable = topix500 ? 'topix500' : 'standard';
    const basePrice = toWire(roundToTick(String(randomInt(random, 100, 20_000)), tickTable, 'nearest'));
    const sharesMillions = topix500 ? randomInt(random, 100, 2_000) : randomInt(random, 10, 150);
    const dailyVolume = (topix500 ? randomInt(random, 500, 8_000) : randomInt(random, 20, 600)) * 1_000;
    const volatility = (topix500 ? randomInt(random, 12, 25) : randomInt(random, 20, 45)) / 10;
    return {
      code,
      names: { jp: `模擬銘柄 ${code}`, en: `Simulated Company ${code}`, tw: `模擬個股 ${code}` },
      reading: `モギメイガラ${code}`,
      sectorCode,
      sector: TSE_SECTORS[sectorCode],
      topix500,
      tickTable,
      basePrice,
      sharesIssued: sharesMillions * 1_000_000,
      dailyVolume,
      volatility,
    };
  });
}
