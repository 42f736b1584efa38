import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { staffChangeRefusal, type StaffAccountFacts, type StaffChange } from './staff-change.ts';

const roles = ['admin', 'reviewer', 'support', 'auditor'] as const;
const admin = (id: string, disabled = false): StaffAccountFacts => ({ id, role: 'admin', disabled });

describe('staff changes and the last active admin (issue 25)', () => {
  it('refuses to disable or demote the only active admin', () => {
    expect(staffChangeRefusal(admin('A'), { kind: 'disable' }, ['A'])).toBe('lastAdmin');
    for (const role of ['reviewer', 'support', 'auditor'])
      expect(staffChangeRefusal(admin('A'), { kind: 'setRole', role }, ['A'])).toBe('lastAdmin');
  });

  it('lets an admin go when another active admin remains', () => {
    expect(staffChangeRefusal(admin('A'), { kind: 'disable' }, ['A', 'B'])).toBeNull();
    expect(staffChangeRefusal(admin('A'), { kind: 'setRole', role: 'auditor' }, ['A', 'B'])).toBeNull();
  });

  it('does not count a disabled admin (absent from the active list) as the last one', () => {
    // B is an admin but disabled: demoting B leaves A, and A alone cannot be disabled.
    expect(staffChangeRefusal(admin('B', true), { kind: 'setRole', role: 'reviewer' }, ['A'])).toBeNull();
    expect(staffChangeRefusal(admin('A'), { kind: 'disable' }, ['A'])).toBe('lastAdmin');
  });

  it('refuses a change that would do nothing', () => {
    expect(staffChangeRefusal(admin('A'), { kind: 'setRole', role: 'admin' }, ['A'])).toBe('sameRole');
    expect(staffChangeRefusal(admin('B', true), { kind: 'disable' }, ['A'])).toBe('alreadyDisabled');
    expect(staffChangeRefusal(admin('A'), { kind: 'enable' }, ['A'])).toBe('notDisabled');
  });

  it('never refuses changes to other roles for the last-admin reason', () => {
    const reviewer: StaffAccountFacts = { id: 'R', role: 'reviewer', disabled: false };
    expect(staffChangeRefusal(reviewer, { kind: 'disable' }, ['A'])).toBeNull();
    expect(staffChangeRefusal(reviewer, { kind: 'setRole', role: 'admin' }, ['A'])).toBeNull();
    expect(staffChangeRefusal({ ...reviewer, disabled: true }, { kind: 'enable' }, ['A'])).toBeNull();
  });

  it('keeps at least one active admin through every sequence of allowed changes', () => {
    const change: fc.Arbitrary<StaffChange> = fc.oneof(
      fc.constant<StaffChange>({ kind: 'disable' }),
      fc.constant<StaffChange>({ kind: 'enable' }),
      fc.constantFrom(...roles).map((role): StaffChange => ({ kind: 'setRole', role })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom(...roles), disabled: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(fc.tuple(fc.nat(), change), { maxLength: 30 }),
        (initial, steps) => {
          // Start from a team with one active admin at least, as the seed does.
          let team: StaffAccountFacts[] = initial.map((s, i) => ({ id: `S${i}`, ...s }));
          team = [{ id: 'S0', role: 'admin', disabled: false }, ...team.slice(1)];
          for (const [pick, c] of steps) {
            const target = team[pick % team.length] as StaffAccountFacts;
            const active = team.filter((s) => s.role === 'admin' && !s.disabled).map((s) => s.id);
            if (staffChangeRefusal(target, c, active) !== null) continue;
            team = team.map((s) =>
              s.id !== target.id
                ? s
                : c.kind === 'setRole'
                  ? { ...s, role: c.role }
                  : { ...s, disabled: c.kind === 'disable' },
            );
            expect(team.some((s) => s.role === 'admin' && !s.disabled)).toBe(true);
          }
        },
      ),
    );
  });
});
