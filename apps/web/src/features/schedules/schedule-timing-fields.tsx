import {
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { WEEKDAYS } from '@console/schemas';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DayInput } from '@/components/form/day-input';
import type { TimingValues } from './timing-form';

const FREQUENCIES = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
];

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The named zones the browser knows (the BFF checks again with the same `Intl`). */
const ZONES: string[] = (() => {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
})();

/** A field's error, for the field's `error` prop. */
function useError(name: keyof TimingValues): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<TimingValues>();
  return errors[name]?.message as string | undefined;
}

/**
 * When the series happens: once at a date and time, or daily, weekly on chosen days, monthly on
 * a day (with what a shorter month does), business days only or not, in a named zone, from a
 * start date to an end date, a count, or no end; and what a missed occurrence does.
 */
export function ScheduleTimingFields() {
  const { control, register } = useFormContext<TimingValues>();
  const [frequency, ends, day] = useWatch({
    control,
    name: ['frequency', 'ends', 'day_of_month'],
  });
  const errors = {
    date: useError('date'),
    time: useError('time'),
    time_zone: useError('time_zone'),
    start_date: useError('start_date'),
    end_date: useError('end_date'),
    count: useError('count'),
    weekdays: useError('weekdays'),
    day_of_month: useError('day_of_month'),
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Controller
          control={control}
          name="frequency"
          render={({ field }) => (
            <Select
              label="How often"
              data={FREQUENCIES}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
            />
          )}
        />
        <TextInput
          label="Time"
          description="24-hour, in the zone below"
          placeholder="09:30"
          required
          error={errors.time}
          {...register('time')}
        />
        <Controller
          control={control}
          name="time_zone"
          render={({ field }) => (
            <Select
              label="Time zone"
              description="The place whose clocks the series follows"
              data={ZONES}
              searchable
              required
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              error={errors.time_zone}
            />
          )}
        />
      </SimpleGrid>
      {frequency === 'once' ? (
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DayInput
              label="Date"
              value={field.value}
              onChange={field.onChange}
              required
              error={errors.date}
            />
          )}
        />
      ) : (
        <>
          {frequency === 'weekly' && (
            <Controller
              control={control}
              name="weekdays"
              render={({ field }) => (
                <Stack gap={4} role="group" aria-label="On these days">
                  <Text size="sm" fw={500}>
                    On these days
                  </Text>
                  <Chip.Group multiple value={field.value} onChange={field.onChange}>
                    <Group gap={6}>
                      {WEEKDAYS.map((d) => (
                        <Chip key={d} value={d} size="sm">
                          {DAY_LABELS[d]}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  {errors.weekdays && (
                    <Text size="xs" c="red" role="alert">
                      {errors.weekdays}
                    </Text>
                  )}
                </Stack>
              )}
            />
          )}
          {frequency === 'monthly' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name="day_of_month"
                render={({ field }) => (
                  <NumberInput
                    label="Day of the month"
                    min={1}
                    max={31}
                    allowDecimal={false}
                    required
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
                    error={errors.day_of_month}
                  />
                )}
              />
              {typeof day === 'number' && day > 28 && (
                <Controller
                  control={control}
                  name="short_month"
                  render={({ field }) => (
                    <Radio.Group
                      label={`A month with no day ${day}`}
                      value={field.value}
                      onChange={field.onChange}
                    >
                      <Stack gap={4} mt={4}>
                        <Radio value="last_day" label="Send on its last day" />
                        <Radio value="skip" label="Send nothing that month" />
                      </Stack>
                    </Radio.Group>
                  )}
                />
              )}
            </SimpleGrid>
          )}
          <Checkbox
            label="Business days only (no occurrence on a Saturday or Sunday; holidays are not known)"
            {...register('business_days_only')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <DayInput
                  label="Start date"
                  value={field.value}
                  onChange={field.onChange}
                  required
                  error={errors.start_date}
                />
              )}
            />
            <Controller
              control={control}
              name="ends"
              render={({ field }) => (
                <Radio.Group label="Ends" value={field.value} onChange={field.onChange}>
                  <Stack gap={4} mt={4}>
                    <Radio value="never" label="Never (until cancelled)" />
                    <Radio value="on" label="On a date" />
                    <Radio value="after" label="After a number of occurrences" />
                  </Stack>
                </Radio.Group>
              )}
            />
            {ends === 'on' && (
              <Controller
                control={control}
                name="end_date"
                render={({ field }) => (
                  <DayInput
                    label="End date"
                    value={field.value}
                    onChange={field.onChange}
                    required
                    error={errors.end_date}
                  />
                )}
              />
            )}
            {ends === 'after' && (
              <Controller
                control={control}
                name="count"
                render={({ field }) => (
                  <NumberInput
                    label="Occurrences"
                    min={1}
                    max={1000}
                    allowDecimal={false}
                    required
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
                    error={errors.count}
                  />
                )}
              />
            )}
          </SimpleGrid>
        </>
      )}
      <Controller
        control={control}
        name="catch_up"
        render={({ field }) => (
          <Radio.Group
            label="An occurrence missed while the console was down"
            value={field.value}
            onChange={field.onChange}
          >
            <Stack gap={4} mt={4}>
              <Radio value="send_once" label="Send it once, late" />
              <Radio value="skip" label="Skip it" />
            </Stack>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}
