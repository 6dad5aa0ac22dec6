import {
  DEMO_IDS,
  occurrences,
  ScheduleTimingSchema,
  type ScheduleTimingInput,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { addressOf, notifyAppsOn, ORIGIN } from '../../test/notify-harness';
import type { Db } from '../db/db';
import type { JournalStore } from '../journal/journal-store';
import { createScheduleApprovals } from '../schedules/schedule-approvals';
import { decideOccurrence } from '../schedules/schedule-decide';
import { SCHEDULER, type NewSeries } from '../schedules/schedule-rows';
import { createScheduleStore } from '../schedules/schedule-store';

beforeAll(() => sharedDb());

const { treasury, payouts } = DEMO_IDS.profiles;

const WEEKLY: ScheduleTimingInput = {
  frequency: 'weekly',
  weekdays: ['mon'],
  time: '09:00',
  time_zone: 'Europe/London',
  start_date: '2027-01-04',
  count: 6,
};
const timing = ScheduleTimingSchema.parse(WEEKLY);
/** The series' occurrences: 2027-01-04, -11, -18 … at 09:00 London (UTC in winter). */
const due = occurrences(timing, { to: Date.parse('2027-03-01T00:00:00Z') });

const series: NewSeries = {
  operation: 'createInternalTransfer',
  body: { from_profile_id: treasury, to_profile_id: payouts, asset: 'USD', amount: '1250.50' },
  timing,
  catch_up: 'send_once',
  created_by: 'finance',
  created_by_name: 'Test finance',
  policy_version: null,
  requirements: [
    { approvals_required: 1, approver_roles: ['admin'], escalation: null, asked_by: 'each' },
  ],
  per_occurrence: { asset: 'USD', amount: '1250.50' },
  occurrences: 6,
  total: { asset: 'USD', amount: '7503' },
};

/** An occurrence's entry as the scheduler journals it; its id. */
async function entryOf(n: { deps: { journal: Pick<JournalStore, 'create'> } }, refId: string) {
  const entry = await n.deps.journal.create(
    {
      operation: 'createInternalTransfer',
      operator: 'finance',
      operator_name: 'Test finance',
      ref_id: refId,
      method: 'POST',
      request_path: '/v1/transfers/internal',
      request_body: '{}',
      request_id: `occurrence-${refId}`,
      policy_version: null,
    },
    'SUCCEEDED',
  );
  return entry.id;
}

type Happening = (
  db: Db,
  version: string,
  index: number,
  entry: () => Promise<string>,
) => Promise<void>;

const decided =
  (state: 'refused' | 'skipped' | 'journaled', late: boolean, by = SCHEDULER, words?: string) =>
  async (db: Db, version: string, index: number, entry: () => Promise<string>) => {
    await decideOccurrence(db, {
      version_id: version,
      due_at: due[index]!.at,
      number: due[index]!.number,
      state,
      ...(state === 'journaled' && { journal_id: await entry() }),
      ...(words && { words }),
      late,
      decided_by: by,
    });
  };

/** Migration 039: the operators hear of an occurrence that needs attention, never of their own doing. */
describe.each(testDatabases)('a scheduled occurrence, told by email ($name)', (database) => {
  const app = notifyAppsOn(database);

  it.each<[string, number, Happening, { subject: string; says: string[]; entry: boolean } | null]>([
    [
      'refused by the rules in force at its time',
      0,
      decided('refused', false, SCHEDULER, 'Not sent: the limit of 5,000 USD a day is reached.'),
      {
        subject: 'Not sent: occurrence 1 of a schedule of Create internal transfer',
        says: [
          'The rules in force at its time (2027-01-04 09:00:00 UTC) refused it: nothing was sent.',
          'Why: Not sent: the limit of 5,000 USD a day is reached.',
          'The schedule goes on with its next occurrence.',
        ],
        entry: false,
      },
    ],
    [
      'sent, and refused by the service',
      1,
      async (db, version, index, entry) => {
        const id = await entry();
        await db.query(`update journal_entries set state = 'SENDING' where id = $1`, [id]);
        await decided('journaled', false)(db, version, index, async () => id);
        await db.query(
          `update journal_entries set state = 'REJECTED', error = 'insufficient funds' where id = $1`,
          [id],
        );
      },
      {
        subject: 'Failed: occurrence 2 of a schedule of Create internal transfer',
        says: [
          'It was sent at its time (2027-01-11 09:00:00 UTC) and the service refused it.',
          'The service said: insufficient funds',
        ],
        entry: true,
      },
    ],
    [
      'missed while down, then sent once, late',
      2,
      decided('journaled', true, SCHEDULER, 'Sent late'),
      {
        subject: 'Sent late: occurrence 3 of a schedule of Create internal transfer',
        says: [
          'It fell due at 2027-01-18 09:00:00 UTC while no scheduler ran (the console was down), and was sent once when it came back, as the schedule says.',
        ],
        entry: true,
      },
    ],
    [
      'missed while down, and skipped as the series says',
      3,
      decided('skipped', true, SCHEDULER, 'Missed while no scheduler ran: skipped'),
      {
        subject: 'Skipped: occurrence 4 of a schedule of Create internal transfer',
        says: [
          'It fell due at 2027-01-25 09:00:00 UTC while no scheduler ran (the console was down), and was not sent: the schedule says to skip what is missed.',
        ],
        entry: false,
      },
    ],
    ['sent on time', 0, decided('journaled', false), null],
    [
      'skipped by an operator',
      1,
      decided('skipped', false, 'finance', 'Skipped by Test finance'),
      null,
    ],
    [
      'due while the series was paused',
      2,
      decided('skipped', false, SCHEDULER, 'Due while the schedule was paused: not sent'),
      null,
    ],
  ])('%s', async (_, index, happen, expected) => {
    const n = await app();
    await n.db.exec('delete from schedule_series');
    const store = createScheduleStore(n.db);
    const { series_id, version_id } = await store.create(series);
    await createScheduleApprovals(n.db).approve(series_id, version_id, {
      username: 'admin',
      display_name: 'Test admin',
      role: 'admin',
    });
    let made: string | undefined;
    await happen(n.db, version_id, index, async () => {
      made = await entryOf(n as never, `ref-${version_id}-${index}`);
      return made;
    });
    await n.settle();
    const mails = n.smtp.received.filter((m) => /of a schedule of/.test(m.subject));
    if (!expected) {
      expect(mails).toEqual([]);
      return;
    }
    // The series' maker and the approver of its version in force; nobody else.
    expect(mails.flatMap((m) => m.to).sort()).toEqual(
      [addressOf('admin'), addressOf('finance')].sort(),
    );
    const [mail] = n.mailTo('finance').filter((m) => /of a schedule of/.test(m.subject));
    expect(mail!.subject).toBe(expected.subject);
    for (const line of expected.says) expect(mail!.text).toContain(line);
    expect(mail!.text).toContain(
      'When: Every week on Monday at 09:00 (Europe/London), from 2027-01-04, 6 times',
    );
    expect(mail!.text).toContain('Amount per occurrence: 1,250.50 USD');
    expect(mail!.text).toContain(`${ORIGIN}/schedules/${series_id}`);
    if (expected.entry) expect(mail!.text).toContain(`${ORIGIN}/journal/${made}`);
    else expect(mail!.text).not.toContain(`${ORIGIN}/journal/`);
    // Once: a look again tells nobody twice.
    await n.settle();
    expect(n.smtp.received.filter((m) => /of a schedule of/.test(m.subject))).toHaveLength(2);
  });
});
