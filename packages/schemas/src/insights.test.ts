import { describe, expect, it } from 'vitest';
import { INSIGHTS_MAX_DAYS, InsightsPeriodQuerySchema, insightsSpanDays } from './insights';

describe('an Insights period', () => {
  it.each([
    [{ from: '2026-03-01', to: '2026-03-01' }, true],
    [{ from: '2024-02-28', to: '2024-02-29' }, true],
    [{ from: '2026-02-28', to: '2026-02-30' }, false],
    [{ from: '2026-03-02', to: '2026-03-01' }, false],
    [{ from: '2026-01-01', to: '2026-06-01' }, false],
    [{ from: '2026-03-01' }, false],
    // Not a date at all: refused as a problem, never thrown (a 500 before).
    [{ from: '..', to: '2026-03-01' }, false],
    [{ from: '2026-03-01', to: '\uD800' }, false],
    [{ from: 'x'.repeat(5000), to: '2026-03-01' }, false],
    [{ from: '2026-3-1', to: '2026-03-01' }, false],
  ])('%j is accepted: %s', (query, ok) => {
    expect(InsightsPeriodQuerySchema.safeParse(query).success).toBe(ok);
  });

  it('counts both days, up to the longest period', () => {
    expect(insightsSpanDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(insightsSpanDays('2026-03-01', '2026-03-31')).toBe(31);
    const last = new Date(
      Date.parse('2026-01-01T00:00:00Z') + (INSIGHTS_MAX_DAYS - 1) * 86_400_000,
    );
    const to = last.toISOString().slice(0, 10);
    expect(InsightsPeriodQuerySchema.safeParse({ from: '2026-01-01', to }).success).toBe(true);
  });
});
