import { hash, verify } from '@node-rs/argon2';
import type { Database } from '@kabuto/db/database';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP baseline).
export const hashSecret = (secret: string): Promise<string> => hash(secret);

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** Issue 27: the member's login password, checked by another module (turning two-step sign-in off). */
export async function verifyLoginPassword(db: Database, memberId: string, password: string): Promise<boolean> {
  const [m] = await db.query<{ password_hash: string }>(`SELECT password_hash FROM members WHERE id = $1`, [memberId]);
  return m ? verifySecret(m.password_hash, password) : false;
}
