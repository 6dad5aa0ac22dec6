import { describe, expect, it } from 'vitest';
import { operations, requiredQuery } from '@console/schemas';
import { memberFilters, probe, withFilter } from '../../test/member-filters';
import { items, same, useFilterSandbox } from '../../test/filters-fixture';

useFilterSandbox();

/*
 * A new list needs no row for a filter its schema states (test/member-filters.ts): the filter keeps
 * exactly the records of the read's own unfiltered answer whose member matches a value taken from
 * those records, one that keeps some and drops others.
 */
const MEMBER_FILTERS = memberFilters();

describe('a filter named after a member of its records keeps exactly the records it matches', () => {
  it.each(MEMBER_FILTERS.map((f) => [`${f.read} ${f.param}`, f] as const))(
    '%s',
    async (_name, filter) => {
      const op = operations[filter.read];
      const { params = {} } = op.example();
      const unfiltered = { ...requiredQuery(filter.read), limit: String(op.list!.maxLimit) };
      const records = await items(op.toPath(params, unfiltered));
      const chosen = probe(filter, records);
      expect(
        chosen,
        `the sandbox's ${op.list!.member} cannot tell ${filter.param} from no filter`,
      ).toBeDefined();
      const got = await items(op.toPath(params, withFilter(filter, unfiltered, chosen!.values)));
      same(
        got.map((r) => JSON.stringify(r)),
        chosen!.keeps.map((r) => JSON.stringify(r)),
      );
    },
  );
});
