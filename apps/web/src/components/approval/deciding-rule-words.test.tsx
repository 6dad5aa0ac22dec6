import { screen } from '@testing-library/react';
import { AMOUNT_UNKNOWN_WORDS, type DecidingRule } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DecidingRuleWords } from './deciding-rule-words';

const held: DecidingRule = {
  rule: 'large-orders',
  position: 1,
  words: 'Orders quoted in USD above 25,000 (…, plus 2 %) need 1 approver from admin',
  why: 'It matched because its asset is USD; its amount, …, is above 25,000.',
  amount_words: "66,527.81 USD estimated: 1 BTC at 65,223.34 USD, plus the policy's 2 % margin",
  estimate: null,
};

describe('DecidingRuleWords', () => {
  it.each([
    {
      name: 'a rule: its position, id and words, why it matched and the amount compared',
      rule: held,
      said: [
        'Decided by rule 1 (large-orders): Orders quoted in USD above 25,000 (…, plus 2 %) need 1 approver from admin.',
        held.why,
        `Amount compared: ${held.amount_words}.`,
      ],
    },
    {
      name: 'a market order with no price: its amount unknown before the fill',
      rule: { ...held, amount_words: AMOUNT_UNKNOWN_WORDS },
      said: ['Amount compared: amount unknown before the fill: thresholds hold it.'],
    },
    {
      name: 'the default, and no amount for a send that carries none',
      rule: {
        ...held,
        rule: 'default',
        position: null,
        words: 'Any other send needs 1 approver from admin',
        amount_words: null,
      },
      said: [
        'No rule matched, so the default decided: Any other send needs 1 approver from admin.',
      ],
    },
  ])('says $name', ({ rule, said }) => {
    renderWithProviders(<DecidingRuleWords rule={rule} />);
    const group = screen.getByRole('group', { name: 'The rule that decided it' });
    for (const text of said) expect(group).toHaveTextContent(text);
    if (rule.amount_words === null) expect(group).not.toHaveTextContent('Amount compared');
  });
});
