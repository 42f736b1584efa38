// Issue 27: the rules a chat message's text meets, the same on the server and in the chat screens.

/** Longest message, in characters (Unicode code points, as PostgreSQL's char_length counts them). */
export const maxMessageChars = 2000;

export type MessageTextRefusal = 'empty' | 'tooLong' | 'controlChars';

/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder how the text around them is shown
 * ("Trojan Source"): a message carrying one is refused, not repaired, so what staff read is what was sent. Other
 * control characters (C0 and C1, DEL) except line feed and tab are refused too.
 */
// eslint-disable-next-line no-control-regex
const refusedChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Invisible characters with no use in a chat line are dropped: zero-width space, word joiner, BOM, Mongolian vowel
 * separator, soft hyphen. Zero-width joiner and non-joiner stay (emoji sequences, Persian and Indic scripts need
 * them), and so do the LRM/RLM marks, which only steer neighbouring punctuation. Right-to-left letters are ordinary
 * text: screens show each message in its own isolated direction (`dir="auto"`).
 */
const droppedChars = /[\u200B\u2060\uFEFF\u180E\u00AD]/gu;

/** Nothing a reader would see: whitespace (also U+3000) and the kept zero-width marks. */
const invisibleOnly = /^(?:\s|\u200C|\u200D|\u200E|\u200F|\u061C)*$/u;

/** Code points, not UTF-16 units: an emoji counts once. */
export const messageLength = (text: string): number => Array.from(text).length;

/**
 * Checks and normalises a message: line breaks become `\n`, invisible characters are dropped, the ends are trimmed.
 * HTML and script are ordinary text here: they are stored as sent and always shown as text.
 */
export function checkMessageText(raw: string): { ok: string } | { refused: MessageTextRefusal } {
  const text = raw.replace(/\r\n?/g, '\n');
  if (refusedChars.test(text)) return { refused: 'controlChars' };
  const kept = text.replace(droppedChars, '').trim();
  if (invisibleOnly.test(kept)) return { refused: 'empty' };
  if (messageLength(kept) > maxMessageChars) return { refused: 'tooLong' };
  return { ok: kept };
}
