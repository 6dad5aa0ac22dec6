import { MantineProvider } from '@mantine/core';
import type { JournalEntry } from '@console/schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpenOutcome } from './open-outcome';

const base: JournalEntry = {
  id: 'e-1',
  operation: 'updateFiatAccount',
  operator: 'sam',
  operator_name: 'Sam',
  ref_id: null,
  state: 'UNKNOWN',
  method: 'PUT',
  request_path: '/v2/transfer/fiat-accounts/fa-1',
  request_body: '{}',
  body_sha256: 'x',
  attempts: 1,
  response_status: null,
  response: null,
  error: 'read back: the account does not hold the intended values; not sent again',
  request_id: 'r',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:05Z',
  policy_version: null,
};

const show = (entry: JournalEntry, mayResolve = true) =>
  render(
    <MantineProvider env="test">
      <OpenOutcome entry={entry} mayResolve={mayResolve} />
    </MantineProvider>,
  );

describe('OpenOutcome', () => {
  it('tells the operator what to do with a change the console may never send again', () => {
    show({
      ...base,
      resolution: { next_look_at: '2026-11-25T10:00:15Z', may_resend: false },
    });
    expect(screen.getByText('Outcome unknown: an operator decides')).toBeInTheDocument();
    expect(screen.getByText(/never sends it again by\s+itself/)).toBeInTheDocument();
    expect(screen.getByText(/compare it with the request body/)).toBeInTheDocument();
    expect(screen.getByText(/Clone as new/)).toBeInTheDocument();
    expect(screen.queryByText(/same reference id/)).not.toBeInTheDocument();
  });

  it('says why an order past its reference id’s 24 hours is left to an operator', () => {
    show({
      ...base,
      operation: 'createOrder',
      ref_id: 'ref-old',
      resolution: { next_look_at: null, may_resend: false },
    });
    expect(screen.getByText('Outcome unknown: an operator decides')).toBeInTheDocument();
    expect(screen.getByText(/may since name another record/)).toBeInTheDocument();
    expect(screen.queryByText(/carries no reference id/)).not.toBeInTheDocument();
  });

  it('says the console settles an entry it may send again by itself, and when', () => {
    show(
      {
        ...base,
        operation: 'createInternalTransfer',
        ref_id: 'ref-1',
        resolution: { next_look_at: '2026-11-25T10:00:15Z', may_resend: true },
      },
      false,
    );
    expect(screen.getByText('Outcome unknown')).toBeInTheDocument();
    expect(screen.getByText(/settles it by itself/)).toBeInTheDocument();
    expect(screen.getByRole('time')).toHaveAttribute('datetime', '2026-11-25T10:00:15.000Z');
    expect(
      screen.getByText(/An operator allowed to send it can resolve it now/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Clone as new is offered once it is settled/)).toBeInTheDocument();
  });

  it('lists outcomes at odds with the recorded one', () => {
    show({
      ...base,
      state: 'SUCCEEDED',
      outcome_conflicts: 1,
      conflicting_outcomes: [
        { at: '2026-11-25T10:01:00Z', state: 'REJECTED', response_status: 403, error: null },
      ],
    });
    expect(screen.getByText('Outcomes at odds')).toBeInTheDocument();
    expect(screen.getByText(/REJECTED \(HTTP 403\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Outcome unknown/)).not.toBeInTheDocument();
  });

  it('shows nothing for a settled entry without conflicts', () => {
    show({ ...base, state: 'SUCCEEDED' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
