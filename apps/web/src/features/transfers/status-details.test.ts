import { describe, expect, it } from 'vitest';
import { statusDetailsInWords } from './status-details';

describe('statusDetailsInWords', () => {
  it('says what max_rent_exceeded means, with its address and message', () => {
    expect(
      statusDetailsInWords({
        max_rent_exceeded: { message: 'Rent limit hit.', destination_address: 'So1ana' },
      }),
    ).toEqual([
      'Cancelled by the service for suspected abuse of the system (rent exceeded) to So1ana. Rent limit hit.',
    ]);
  });

  it('shows an error type it does not know in words, and nothing for none', () => {
    expect(statusDetailsInWords({ travel_rule_hold: { message: 'Waiting' } })).toEqual([
      'travel rule hold: Waiting',
    ]);
    expect(statusDetailsInWords(undefined)).toEqual([]);
  });
});
