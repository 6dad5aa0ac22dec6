import { POLICY_CHANGE_TABLE } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { BookSettingsSchema } from './destination-rules';
import { LimitRuleSchema } from './limit-rules';

// The limits' and the book's members are checked here, so their schemas live in the BFF; the
// table that judges a change to each (packages/schemas) must have a row for every one of them.
describe("the change table's rows for the members the BFF checks", () => {
  const rows = Object.keys(POLICY_CHANGE_TABLE);
  const members = [
    ...Object.keys(LimitRuleSchema.shape).map((key) => `limits.${key}`),
    ...Object.keys(BookSettingsSchema.shape).map((key) => `destination_book.${key}`),
  ];

  it.each(members)('has a row for %s', (member) => {
    expect(rows, `POLICY_CHANGE_TABLE has no row for ${member}`).toContain(member);
  });
});
