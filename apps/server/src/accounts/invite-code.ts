import { randomInt } from 'node:crypto';

// Unambiguous upper-case letters and digits (no 0/O, 1/I/L).
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const normaliseInviteCode = (code: string): string => code.trim().toUpperCase();
