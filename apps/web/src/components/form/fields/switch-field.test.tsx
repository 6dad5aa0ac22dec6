import { operations } from '@console/schemas';
import { screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toRequestInput } from '@/lib/form-values';
import { renderWithProviders } from '@/test/render';
import { OperationContext } from '../operation-context';
import { Field } from './field';

const SHAPE = {
  confirmed: z.boolean().meta({ label: 'Confirmed', help: 'The owner said yes' }),
  notify: z.boolean().optional().meta({ label: 'Notify' }),
};
const request = z.object(SHAPE);

/** The two fields in a form whose values the test reads as the request they become. */
function Form({ onRead }: { onRead: (input: unknown) => void }) {
  const methods = useForm({ shouldUnregister: true });
  const context = {
    op: operations.createOrder,
    shape: SHAPE,
    baseline: null,
    editing: undefined,
    openOn: () => {},
  };
  return (
    <OperationContext.Provider value={context}>
      <FormProvider {...methods}>
        <Field name="confirmed" />
        <Field name="notify" />
        <button type="button" onClick={() => onRead(toRequestInput(methods.getValues()))}>
          Read
        </button>
      </FormProvider>
    </OperationContext.Provider>
  );
}

describe('a boolean field', () => {
  it('is a labelled switch whose value is a boolean the schema takes', async () => {
    let input: unknown;
    const { user } = renderWithProviders(<Form onRead={(read) => (input = read)} />);
    const confirmed = screen.getByRole('switch', { name: 'Confirmed' });
    expect(confirmed).not.toBeChecked();
    expect(confirmed).toHaveAccessibleDescription('The owner said yes');

    // Untouched: a required one is false, an optional one is not sent.
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(input).toEqual({ confirmed: false });
    expect(request.safeParse(input).success).toBe(true);

    await user.click(confirmed);
    await user.keyboard('{Tab} ');
    expect(screen.getByRole('switch', { name: 'Notify' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(input).toEqual({ confirmed: true, notify: true });
    expect(request.parse(input)).toEqual({ confirmed: true, notify: true });
  });
});
