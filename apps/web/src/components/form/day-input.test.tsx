import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DayInput } from './day-input';

describe('the day field', () => {
  it('opens a calendar whose arrows a screen reader can name', async () => {
    renderWithProviders(<DayInput label="From day" value="2026-12-07" onChange={() => {}} />);
    await userEvent.click(screen.getByRole('textbox', { name: /From day/ }));
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeVisible();
  });
});
