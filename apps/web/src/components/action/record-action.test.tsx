import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { RecordAction } from './record-action';

const fetchMock = vi.fn<typeof fetch>();
let sends: { url: string; body: unknown }[] = [];
let answer: () => Response;
const journal = journalEntry({ id: 'j-9', state: 'AWAITING_APPROVAL' });

beforeEach(() => {
  sends = [];
  answer = () => jsonResponse(200, { data: {}, journal: { ...journal, state: 'SUCCEEDED' } });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/session') {
      return jsonResponse(200, {
        operator: { username: 'fin', display_name: 'Fin', role: 'finance' },
        operations: ['cancelOrder', 'deleteOrchestrationRule'],
        expires_at: '2026-11-22T03:00:00Z',
        ends_at: '2026-11-22T10:00:00Z',
      });
    }
    if (init?.method === 'POST') {
      sends.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAction(onOutcome = vi.fn()) {
  const view = renderWithProviders(
    <RecordAction
      operation="cancelOrder"
      input={{ profile_id: 'p-1', id: 'o-1' }}
      label="Cancel order"
      title="Cancel this order?"
      summary={<p>BUY BTCUSD 0.01 at 55,000, order o-1</p>}
      note="Cancelling is a request."
      keepLabel="Keep the order"
      confirmLabel="Send the cancel request"
      sentText="Cancel requested."
      onOutcome={onOutcome}
    />,
  );
  return { ...view, onOutcome };
}

describe('an action on a record', () => {
  it('names the record before anything is sent, and keeping it sends nothing', async () => {
    const { user } = renderAction();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('BUY BTCUSD 0.01 at 55,000, order o-1');
    expect(dialog).toHaveTextContent('Cancelling is a request.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sends).toEqual([]);
  });

  it('sends the write once through POST /api/operations/{id}, and says it was sent', async () => {
    const { user, onOutcome } = renderAction();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('button', { name: 'Send the cancel request' });
    await user.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent('Cancel requested.');
    expect(sends).toEqual([
      { url: '/api/operations/cancelOrder', body: { profile_id: 'p-1', id: 'o-1' } },
    ]);
    expect(onOutcome).toHaveBeenCalledWith(expect.objectContaining({ kind: 'sent' }));
  });

  it('says a held write waits for approval, with its request', async () => {
    answer = () =>
      jsonResponse(202, {
        journal,
        approval: {
          required: true,
          approvers_needed: 1,
          eligible_roles: ['finance'],
          expires_at: '2026-11-23T00:00:00Z',
        },
      });
    const { user } = renderAction();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Send the cancel request' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Waiting for approval: nothing was sent yet.');
    expect(within(status).getByRole('link', { name: 'Open the approval request' })).toHaveAttribute(
      'href',
      '/approvals/j-9',
    );
  });

  it('keeps the dialog open with the service’s refusal', async () => {
    answer = () =>
      jsonResponse(
        422,
        {
          type: '/problems/rejected',
          title: 'The service rejected the request',
          status: 422,
          code: 'rejected',
          detail: 'the order is not in a cancellable state',
          request_id: 'r-1',
          upstream: {
            status: 403,
            title: 'Forbidden',
            detail: 'the order is not in a cancellable state',
          },
        },
        'application/problem+json',
      );
    const { user } = renderAction();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Send the cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'the order is not in a cancellable state',
    );
  });

  it('is not offered to a role that may not send it', async () => {
    renderWithProviders(
      <RecordAction
        operation="deleteFiatAccount"
        input={{ id: 'f-1' }}
        label="Delete fiat account"
        title="Delete?"
        summary={null}
        note=""
        keepLabel="Keep"
        confirmLabel="Delete"
        sentText="Deleted."
      />,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Delete fiat account' })).not.toBeInTheDocument();
  });
});
