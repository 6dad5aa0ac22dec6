import { DateInput } from '@mantine/dates';
import { DAY_FORMAT, parseDay } from './day-text';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

export interface DayInputProps {
  label: string;
  /** `YYYY-MM-DD`, or empty for none. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  size?: 'xs' | 'sm';
  w?: number;
  /** What is wrong with the day given, shown under the field (and marking it invalid). */
  error?: string | undefined;
}

/**
 * The one field a day is entered in, everywhere (filters, periods): written and read as
 * `YYYY-MM-DD` whatever the browser's language, with a calendar beside it. A native date input
 * shows the browser's own pattern (`mm/dd/yyyy` in a British browser set to American English),
 * which reads differently from every date the pages print; ISO reads the same to everyone
 * (issue 60, item 7).
 */
export function DayInput({ label, value, onChange, required, size, w, error }: DayInputProps) {
  return (
    <DateInput
      label={label}
      value={parseDay(value)}
      onChange={(next) => onChange(next ?? '')}
      dateParser={parseDay}
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      description={size === 'xs' ? undefined : `As ${DAY_FORMAT}`}
      required={required}
      clearable={!required}
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      size={size}
      w={w}
      error={error}
      popoverProps={{ withinPortal: true }}
      // The calendar's arrows are icons: without these a screen reader says only "button".
      ariaLabels={CALENDAR_LABELS}
    />
  );
}
