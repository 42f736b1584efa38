import { translateKey } from '../../i18n/i18n.ts';

/**
 * An audit action in the staff member's language (`staff.signIn` → "Staff sign-in"), from the `admin` catalogue part's
 * `admin.audit.actions`; an action the catalogue does not know yet is shown as its key, never as an empty cell.
 */
export function auditActionText(action: string): string {
  const key = `admin.audit.actions.${action}`;
  const text = translateKey(key);
  return text === key ? action : text;
}
