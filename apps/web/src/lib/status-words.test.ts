import { describe, expect, it } from 'vitest';
import { outcomeWords, whenSentWords } from './status-words';

describe('the outcome of a send, in words', () => {
  it('reads a cancel the service accepted as requested until the order reads CANCELLED', () => {
    const cancel = { operation: 'cancelOrder', state: 'SUCCEEDED' };
    expect(outcomeWords(cancel)).toEqual({ label: 'Cancel requested', tone: 'waiting' });
    expect(outcomeWords(cancel, 'OPEN')).toEqual({ label: 'Cancel requested', tone: 'waiting' });
    expect(outcomeWords(cancel, 'CANCELLED')).toEqual({ label: 'Order cancelled', tone: 'good' });
    // The order filled before the cancellation took effect: never a success of the cancel.
    expect(outcomeWords(cancel, 'FILLED')).toEqual({
      label: 'Filled before the cancel',
      tone: 'attention',
    });
  });

  it('reads any other send as the journal has it', () => {
    expect(outcomeWords({ operation: 'createOrder', state: 'SUCCEEDED' }, 'FILLED')).toEqual({
      label: 'Succeeded',
      tone: 'good',
    });
    expect(outcomeWords({ operation: 'cancelOrder', state: 'REJECTED' })).toEqual({
      label: 'Rejected',
      tone: 'bad',
    });
    expect(outcomeWords({ operation: 'createOrder', state: 'UNKNOWN' })).toEqual({
      label: 'Outcome unknown',
      tone: 'attention',
    });
    expect(outcomeWords({ operation: 'createOrder', state: 'NEW_STATE' }).tone).toBe('neutral');
  });

  it('labels the status the service answered then', () => {
    expect(whenSentWords('SUBMITTED')).toBe('When sent: SUBMITTED');
  });
});
