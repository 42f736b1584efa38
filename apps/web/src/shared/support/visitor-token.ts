// Issue 27: a visitor's support conversation is named by a random token this browser keeps (the server keeps only its
// hash). It joins the member's account on their first chat load after signing in, and is then forgotten.

const storageKey = 'kabuto.supportVisitor';

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const valid = (value: string | null): value is string => value !== null && /^[A-Za-z0-9_-]{43}$/.test(value);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The token this browser keeps, or null before its first message. */
export function storedVisitorToken(): string | null {
  const value = storage()?.getItem(storageKey) ?? null;
  return valid(value) ? value : null;
}

/** The token, made now (32 random bytes) if there is none yet. */
export function visitorToken(): string {
  const known = storedVisitorToken();
  if (known) return known;
  const made = base64url(crypto.getRandomValues(new Uint8Array(32)));
  storage()?.setItem(storageKey, made);
  return made;
}

/** After the conversation joined the member's account: the token names nothing any more. */
export function forgetVisitorToken(): void {
  storage()?.removeItem(storageKey);
}
