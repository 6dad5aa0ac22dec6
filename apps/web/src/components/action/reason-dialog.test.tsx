import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReasonDialog } from './reason-dialog';

function dialog(opened: boolean, onConfirm = vi.fn()) {
  return (
    <ReasonDialog
      opened={opened}
      title="Revoke the entry"
      kept="Kept in the journal."
      keepLabel="Keep it"
      confirmLabel="Revoke"
      pending={false}
      onConfirm={onConfirm}
      onCancel={vi.fn()}
    />
  );
}

describe('ReasonDialog', () => {
  it('does not act without a reason, and says so next to the field', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(dialog(true, onConfirm));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(await screen.findByText('Give a reason')).toBeInTheDocument();
  });

  it('hands over the reason trimmed', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(dialog(true, onConfirm));
    await userEvent.type(await screen.findByLabelText(/Reason/), '  key leaked  ');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledWith('key leaked');
  });

  it('starts empty when opened again, so one record’s reason never carries to the next', async () => {
    function Reopening() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button onClick={() => setOpened(true)}>Revoke another</button>
          <ReasonDialog
            opened={opened}
            title="Revoke the entry"
            kept="Kept in the journal."
            keepLabel="Keep it"
            confirmLabel="Revoke"
            pending={false}
            onConfirm={vi.fn()}
            onCancel={() => setOpened(false)}
          />
        </>
      );
    }
    renderWithProviders(<Reopening />);
    await userEvent.type(await screen.findByLabelText(/Reason/), 'first entry');
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByLabelText(/Reason/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Revoke another' }));
    expect(await screen.findByLabelText(/Reason/)).toHaveValue('');
  });
});
