import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './cpu-slowdown.ts';

describe("Lighthouse's CPU slowdown calculator", () => {
  it('gives about the preset 4× to a desktop of the index the preset assumes', () => {
    expect(calibratedCpuSlowdown(1533)).toBe(4);
  });

  it('slows a fast host down more than the preset, and a slow host less', () => {
    expect(calibratedCpuSlowdown(2232)).toBe(7);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
  });

  it('never speeds the page up', () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(20)).toBe(1);
  });

  it('is continuous where the bands meet', () => {
    expect(calibratedCpuSlowdown(1299.9)).toBeCloseTo(calibratedCpuSlowdown(1300), 0);
    expect(calibratedCpuSlowdown(799.9)).toBeCloseTo(calibratedCpuSlowdown(800), 0);
  });
});
