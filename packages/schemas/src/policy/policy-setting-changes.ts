import { DESTINATION_KINDS } from '../destinations-api';
import { DEFAULT_COOLING_OFF_HOURS } from './policy-document';
import {
  changeItem,
  judgeChange,
  POLICY_CHANGE_TABLE,
  type PolicyChangeItem,
} from './policy-change-table';
import { either, groupDigits, hoursWords, KIND_WORDS } from './policy-words';

/*
 * The changes of a policy's settings that the rules' diff leaves out (issue 66): the limits per
 * operator, limit by limit, and the book's settings, kind by kind and asset by asset. The BFF
 * checks these members; here they are read as far as they say.
 */

const rolesWords = (roles: readonly string[] | undefined) =>
  roles && roles.length > 0 ? either(roles) : 'none';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The limits as the document holds them; checked by the BFF, read here as far as they say. */
interface RawLimit {
  role?: string;
  operator?: string;
  side?: string;
  asset?: string;
  window?: string;
  max?: string;
  over?: string;
  lift_roles?: string[];
}

const limitName = (l: RawLimit) =>
  `Limit of ${l.role !== undefined ? `the ${l.role} role` : `operator ${l.operator}`}, ${l.side} ${l.asset} per ${l.window}`;
const limitWords = (l: RawLimit) =>
  `at most ${groupDigits(l.max ?? '?')}${l.over === 'escalate' ? `, past it one more approver from ${rolesWords(l.lift_roles ?? ['admin'])}` : ', past it refused'}`;

export function limitChanges(before: unknown[], after: unknown[]): PolicyChangeItem[] {
  const byName = (limits: unknown[]) =>
    new Map(limits.filter(isObject).map((l) => [limitName(l as RawLimit), l as RawLimit]));
  const was = byName(before);
  const now = byName(after);
  const changes: PolicyChangeItem[] = [];
  for (const [name, old] of was) {
    const next = now.get(name);
    if (!next) {
      changes.push(
        changeItem('limits.removed', `${name} removed`, limitWords(old), null, 'looser'),
      );
      continue;
    }
    if (old.max !== next.max && old.max !== undefined && next.max !== undefined) {
      changes.push(
        changeItem(
          'limits.max',
          `${name}, ${POLICY_CHANGE_TABLE['limits.max'].name}`,
          groupDigits(old.max),
          groupDigits(next.max),
          judgeChange('limits.max', old.max, next.max),
        ),
      );
    }
    if ((old.over ?? 'refuse') !== (next.over ?? 'refuse')) {
      const words = (over: string | undefined) =>
        over === 'escalate' ? 'one more approver' : 'refused';
      changes.push(
        changeItem(
          'limits.over',
          `${name}, ${POLICY_CHANGE_TABLE['limits.over'].name}`,
          words(old.over),
          words(next.over),
          judgeChange('limits.over', old.over, next.over),
        ),
      );
    }
    const lift = (l: RawLimit) => l.lift_roles ?? (l.over === 'escalate' ? ['admin'] : undefined);
    if (old.over === 'escalate' && next.over === 'escalate') {
      if (rolesWords(lift(old)) !== rolesWords(lift(next))) {
        changes.push(
          changeItem(
            'limits.lift_roles',
            `${name}, ${POLICY_CHANGE_TABLE['limits.lift_roles'].name}`,
            rolesWords(lift(old)),
            rolesWords(lift(next)),
            judgeChange('limits.lift_roles', lift(old), lift(next)),
          ),
        );
      }
    }
  }
  for (const [name, added] of now) {
    if (!was.has(name))
      changes.push(
        changeItem('limits.added', `${name} added`, null, limitWords(added), 'stricter'),
      );
  }
  return changes;
}

/** The book's settings: each kind's cooling-off (24 h unless said), each test amount. */
export function bookChanges(before: unknown, after: unknown): PolicyChangeItem[] {
  const read = (book: unknown, key: string): Json => {
    const member = isObject(book) ? book[key] : undefined;
    return isObject(member) ? member : {};
  };
  const changes: PolicyChangeItem[] = [];
  const [coolWas, coolNow] = [read(before, 'cooling_off_hours'), read(after, 'cooling_off_hours')];
  for (const kind of DESTINATION_KINDS) {
    const hours = (c: Json) =>
      typeof c[kind] === 'number' ? (c[kind] as number) : DEFAULT_COOLING_OFF_HOURS;
    const [b, a] = [hours(coolWas), hours(coolNow)];
    if (b === a) continue;
    const member = 'destination_book.cooling_off_hours';
    const subject = `${POLICY_CHANGE_TABLE[member].name} of a new entry for ${KIND_WORDS[kind]}`;
    changes.push(
      changeItem(member, subject, hoursWords(b), hoursWords(a), judgeChange(member, b, a)),
    );
  }
  const [testWas, testNow] = [read(before, 'test_amounts'), read(after, 'test_amounts')];
  const assets = [...new Set([...Object.keys(testWas), ...Object.keys(testNow)])].sort();
  for (const asset of assets) {
    const words = (v: unknown) => (typeof v === 'string' ? groupDigits(v) : 'the default');
    if (testWas[asset] === testNow[asset]) continue;
    const member = 'destination_book.test_amounts';
    const of = asset === '*' ? 'any other asset' : asset;
    changes.push(
      changeItem(
        member,
        `${POLICY_CHANGE_TABLE[member].name} for a first send of ${of}`,
        words(testWas[asset]),
        words(testNow[asset]),
        judgeChange(member, testWas[asset], testNow[asset]),
      ),
    );
  }
  return changes;
}
