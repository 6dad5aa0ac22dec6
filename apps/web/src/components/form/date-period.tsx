import { TextInput } from '@mantine/core';

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
      <TextInput
        type="date"
        label="From (UTC, inclusive)"
        value={from}
        required
        onChange={(e) => onFrom(e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To (UTC, exclusive)"
        value={to}
        required
        onChange={(e) => onTo(e.currentTarget.value)}
      />
    </>
  );
}
