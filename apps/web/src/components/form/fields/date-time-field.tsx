import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller, useFormContext } from 'react-hook-form';
import { formatUtc, millisToPicker, pickerToMillis, toDate } from '@/lib/format-time';
import type { FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function presets() {
  const now = dayjs();
  return [
    { label: 'In 5 minutes', value: now.add(5, 'minute').format(PICKER_FORMAT) },
    { label: 'In 1 hour', value: now.add(1, 'hour').format(PICKER_FORMAT) },
    { label: 'End of today', value: now.endOf('day').second(0).format(PICKER_FORMAT) },
    { label: 'In 24 hours', value: now.add(1, 'day').format(PICKER_FORMAT) },
    { label: 'In 7 days', value: now.add(7, 'day').format(PICKER_FORMAT) },
  ];
}

/**
 * A moment picked in the operator's local time and sent as 13-digit UTC milliseconds (GTT expiry).
 * The description repeats the moment in UTC so that nobody has to convert in their head.
 */
export function DateTimeField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: input }) => {
        const date = typeof input.value === 'string' ? toDate(input.value) : null;
        const sends = date ? `Sends ${input.value as string} (${formatUtc(date)})` : undefined;
        return (
          <DateTimePicker
            id={field.id}
            ref={input.ref}
            label={field.label}
            description={[field.meta.help, sends].filter(Boolean).join('. ')}
            {...requiredProps(field.required)}
            error={field.error}
            value={millisToPicker(input.value)}
            onChange={(value) => {
              input.onChange(pickerToMillis(value) ?? '');
              input.onBlur();
            }}
            valueFormat="YYYY-MM-DD HH:mm:ss"
            withSeconds
            minDate={dayjs().format('YYYY-MM-DD')}
            presets={presets()}
            clearable={!field.required}
            placeholder="Pick a date and time (local)"
            popoverProps={{ withinPortal: true }}
            submitButtonProps={{ 'aria-label': `Confirm ${field.label.toLowerCase()}` }}
          />
        );
      }}
    />
  );
}
