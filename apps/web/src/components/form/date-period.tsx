import { DayInput } from './day-input';

/**
 * A period of whole UTC days, as exports and runs take it: the first day included, the last
 * excluded, each a date field that is required.
 */
export function DatePeriodFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <DayInput label="From (UTC, inclusive)" value={from} required onChange={onFrom} />
      <DayInput label="To (UTC, exclusive)" value={to} required onChange={onTo} />
    </>
  );
}
