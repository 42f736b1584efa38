import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { MAX_IMAGE_BYTES, imageFileError, sniffImageType } from './image-file.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const gif = new TextEncoder().encode('GIF89a');
const pdf = new TextEncoder().encode('%PDF-1.7');

describe('image files before upload (SPEC §5: JPG, PNG, GIF, at most 5 MB)', () => {
  it('recognises the three types by their first bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(gif)).toBe('image/gif');
    expect(sniffImageType(pdf)).toBeNull();
  });

  it('refuses other types, empty files and files over 5 MB with the catalogued keys', () => {
    expect(imageFileError({ size: 1000 }, png)).toBeNull();
    expect(imageFileError({ size: MAX_IMAGE_BYTES }, jpeg)).toBeNull();
    expect(imageFileError({ size: MAX_IMAGE_BYTES + 1 }, jpeg)).toBe(errorKeys.upload.tooLarge);
    expect(imageFileError({ size: 1000 }, pdf)).toBe(errorKeys.upload.badType);
    expect(imageFileError({ size: 0 }, new Uint8Array())).toBe(errorKeys.upload.empty);
  });
});
