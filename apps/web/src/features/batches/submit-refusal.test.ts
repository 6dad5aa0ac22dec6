import type { ConsoleProblem } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { readRefusal } from './submit-refusal';

const problem = (over: Partial<ConsoleProblem>): ConsoleProblem => ({
  type: '/problems/x',
  title: 'Refused',
  status: 422,
  detail: 'Some rows have problems',
  code: 'validation',
  request_id: 'req-1',
  ...over,
});

describe('a refused submit, read', () => {
  it('puts each rows.<n>.<column> error in its row and column, a dotted column whole', () => {
    const read = readRefusal(
      problem({
        errors: [
          { path: 'rows.7.amount', message: 'Not enough USD' },
          { path: 'rows.7.meta.reason', message: 'Too long' },
          { path: 'rows.9', message: 'Duplicate of row 2' },
          { path: 'exclude_rows', message: 'Row 12 does not exist' },
        ],
      }),
      null,
    );
    expect(read.rows.get(7)).toEqual([
      { column: 'amount', field: null, message: 'Not enough USD' },
      { column: 'meta.reason', field: null, message: 'Too long' },
    ]);
    expect(read.rows.get(9)).toEqual([
      { column: null, field: null, message: 'Duplicate of row 2' },
    ]);
    expect(read.other).toEqual(['exclude_rows: Row 12 does not exist']);
    expect(read.alreadyUploaded).toBeNull();
  });

  it('names the batch of a batch-already-uploaded conflict, from the problem or else the check', () => {
    const conflict = { status: 409, code: 'batch-already-uploaded' };
    expect(readRefusal(problem({ ...conflict, batch_id: 'b-7' }), 'b-1').alreadyUploaded).toBe(
      'b-7',
    );
    expect(readRefusal(problem(conflict), 'b-1').alreadyUploaded).toBe('b-1');
    expect(
      readRefusal(problem({ status: 409, code: 'conflict' }), 'b-1').alreadyUploaded,
    ).toBeNull();
  });
});
