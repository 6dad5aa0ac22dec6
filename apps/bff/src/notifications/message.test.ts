import type { JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequestRow } from '../approvals/approval-rows';
import { chatMessage, emailMessage, type EventFacts } from './message';

/** A transfer Fiona asked for, Treasury → Payouts, as the journal holds it. */
const entry: JournalEntry = {
  id: 'j-1',
  operation: 'createInternalTransfer',
  operator: 'fiona',
  operator_name: 'Fiona',
  ref_id: null,
  state: 'AWAITING_APPROVAL',
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: JSON.stringify({
    from_profile_id: 'p-treasury',
    to_profile_id: 'p-payouts',
    amount: '5000',
    asset: 'USD',
  }),
  body_sha256: 'ab'.repeat(32),
  attempts: 0,
  response_status: null,
  response: null,
  error: null,
  request_id: 'r-1',
  created_at: '2026-11-26T09:00:00.123Z',
  updated_at: '2026-11-26T09:00:00.123Z',
  policy_version: null,
};

const request: ApprovalRequestRow = {
  journal_id: 'j-1',
  approvers_needed: 1,
  eligible_roles: ['finance', 'admin'],
  body_sha256: entry.body_sha256,
  request_sha256: 'cd'.repeat(32),
  expires_at: '2026-11-27T09:00:00.456Z',
};

const facts = (names: ReadonlyMap<string, string>): EventFacts => ({
  kind: 'held',
  entry,
  request,
  state: null,
  detail: null,
  actorName: null,
  origin: 'https://console.example',
  now: Date.parse('2026-11-26T09:00:01Z'),
  names,
});

const named = new Map([
  ['p-treasury', 'Treasury'],
  ['p-payouts', 'Payouts'],
]);

describe('a message in the screen’s words (issue 60, item 3)', () => {
  it.each([
    {
      what: 'an email to a reader in London',
      message: emailMessage(facts(named), { role: 'finance', time_zone: 'Europe/London' }),
      subject: 'Approval needed: Create internal transfer, Treasury → Payouts, 5,000.00 USD',
      lines: [
        'From → to: Treasury → Payouts',
        'Amount: 5,000.00 USD (five thousand USD)',
        'Asked by: Fiona, 2026-11-26 09:00:00 GMT (Europe/London)',
        'Expires: 2026-11-27 09:00:00 GMT (Europe/London) (in 24 hours)',
      ],
    },
    {
      what: 'an email to a reader whose zone is not known',
      message: emailMessage(facts(named), { role: 'admin', time_zone: null }),
      subject: 'Approval needed: Create internal transfer, Treasury → Payouts, 5,000.00 USD',
      lines: ['Asked by: Fiona, 2026-11-26 09:00:00 UTC', 'Expires: 2026-11-27 09:00:00 UTC'],
    },
    {
      what: 'a chat post',
      message: chatMessage(facts(named), ['Second Finance']),
      subject: 'Approval needed: Create internal transfer, Treasury → Payouts, 5,000.00 USD',
      lines: ['From → to: Treasury → Payouts', 'Asked by: Fiona, 2026-11-26 09:00:00 UTC'],
    },
    {
      what: 'an email whose profiles could not be read',
      message: emailMessage(facts(new Map()), { role: 'finance', time_zone: null }),
      subject:
        'Approval needed: Create internal transfer, profile p-treasury → profile p-payouts, 5,000.00 USD',
      lines: ['From → to: profile p-treasury → profile p-payouts'],
    },
  ])('$what', ({ message, subject, lines }) => {
    expect(message.subject).toBe(subject);
    for (const line of lines) expect(message.text).toContain(line);
    // No machine times: no milliseconds, no `T…Z`.
    expect(message.text).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}|\dT\d/);
  });
});
