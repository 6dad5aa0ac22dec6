import {
  Button,
  Card,
  Group,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  STATEMENT_DATE_TOLERANCE_DAYS,
  STATEMENT_REQUIRED_FIELDS,
  type StatementCheck,
  type StatementField,
  type StatementMapping,
} from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DatePeriodFields } from '@/components/form/date-period';
import { ErrorState } from '@/components/states/states';
import { isApiError } from '@/lib/api-error';
import { checkStatement, createStatement } from '@/lib/api';
import { useWrite } from '@/lib/use-write';
import { RUNS_KEY, STATEMENTS_KEY } from './reconcile-keys';
import { StatementList } from './reconcile-statement-table';
import { dateOf, instantOfDate, utcDay } from './reconcile-words';

/*
 * Statements as reconciliation's third side (issue 64): upload a bank's or custodian's CSV of a
 * period, map its columns (the mapping saved for its source comes back pre-filled), and see what
 * differs between the journal, the service and the statement.
 */

const FIELD_WORDS: Record<StatementField, string> = {
  date: 'Date',
  amount: 'Amount (signed, or with a direction)',
  asset: 'Asset or currency',
  reference: 'Reference (ref_id or transfer id)',
  direction: 'Direction (in/out, credit/debit)',
  description: 'Description',
};
const NOT_KEPT = '';

/** The file as UTF-8 text, or why not: a guessed encoding could change an amount. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      try {
        resolve(new TextDecoder('utf-8', { fatal: true }).decode(reader.result as ArrayBuffer));
      } catch {
        reject(
          new Error('The file is not UTF-8 text: save it as “CSV UTF-8” and choose it again.'),
        );
      }
    };
    reader.onerror = () => reject(new Error('The file could not be read: choose it again.'));
    reader.readAsArrayBuffer(file);
  });
}

interface Upload {
  source: string;
  file_name: string;
  text: string;
}

export function Statements({ acts }: { acts: boolean }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-statements-title">
      <Title order={2} size="h4" id="recon-statements-title">
        Statements
      </Title>
      <Text size="sm">
        A bank’s or custodian’s statement of a period, matched with the journal and the service by
        reference (a ref_id or the service’s transfer id), else by asset, amount and a date within{' '}
        {STATEMENT_DATE_TOLERANCE_DAYS} day. Only the mapped columns are kept.
      </Text>
      {acts && <StatementUpload onUploaded={setSelected} />}
      <StatementList selected={selected} onSelect={setSelected} />
    </Stack>
  );
}

function StatementUpload({ onUploaded }: { onUploaded: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState('');
  const [from, setFrom] = useState(() => dateOf(utcDay(1)));
  const [to, setTo] = useState(() => dateOf(utcDay(-1)));
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<{ source?: string; file?: string }>({});
  const [checked, setChecked] = useState<{ upload: Upload; check: StatementCheck } | null>(null);
  const read = useWrite({
    mutationFn: async (upload: Upload) => ({ upload, check: await checkStatement(upload) }),
    onSuccess: setChecked,
  });
  const upload = useWrite({
    mutationFn: (mapping: StatementMapping) =>
      createStatement({
        ...checked!.upload,
        mapping,
        from: instantOfDate(from),
        to: instantOfDate(to),
      }),
    onSuccess: (statement) => {
      setChecked(null);
      onUploaded(statement.id);
      void queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY });
      void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(source.trim() === '' ? { source: 'Name the statement’s source' } : {}),
      ...(file ? {} : { file: 'Choose the statement’s CSV file' }),
    };
    setFieldError(errors);
    if (!file || errors.source) return;
    let text: string;
    try {
      text = await readText(file);
    } catch (error) {
      setFieldError({ file: (error as Error).message });
      return;
    }
    void read.run({ source: source.trim(), file_name: file.name, text });
  };
  return (
    <>
      <form onSubmit={(e) => void submit(e)} aria-label="Upload a statement" noValidate>
        <Group align="start" gap="sm" wrap="wrap">
          <TextInput
            label="Source"
            description="The bank or custodian, e.g. Custodian A"
            value={source}
            onChange={(e) => setSource(e.currentTarget.value)}
            error={fieldError.source}
            required
            maxLength={80}
          />
          <DatePeriodFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Input.Wrapper
            label="Statement file (CSV)"
            labelProps={{ htmlFor: 'statement-file' }}
            error={fieldError.file}
            errorProps={{ id: 'statement-file-error' }}
            required
          >
            <input
              id="statement-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fieldError.file ? true : undefined}
              aria-describedby={fieldError.file ? 'statement-file-error' : undefined}
              style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setFieldError((f) => ({ ...f, file: undefined }));
                setChecked(null);
              }}
            />
          </Input.Wrapper>
        </Group>
        <Button type="submit" mt="sm" loading={read.isPending}>
          Read the columns
        </Button>
      </form>
      {read.isError && <ErrorState error={read.error} />}
      {checked && (
        <StatementMappingStep
          key={checked.upload.text}
          source={checked.upload.source}
          check={checked.check}
          pending={upload.isPending}
          onMap={(mapping) => void upload.run(mapping)}
        />
      )}
      {upload.isError && <ProblemList error={upload.error} />}
    </>
  );
}

function StatementMappingStep({
  source,
  check,
  pending,
  onMap,
}: {
  source: string;
  check: StatementCheck;
  pending: boolean;
  onMap: (mapping: StatementMapping) => void;
}) {
  const [mapping, setMapping] = useState<StatementMapping>(() => check.mapping);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mapped = new Set(Object.values(mapping));
  const missing = STATEMENT_REQUIRED_FIELDS.filter((f) => !mapped.has(f));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length === 0) onMap(mapping);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="statement-mapping-title">
      <form onSubmit={submit} aria-label="Map the statement’s columns">
        <Stack gap="sm">
          <Title order={3} size="h5" id="statement-mapping-title" ref={heading} tabIndex={-1}>
            Map the statement’s columns
          </Title>
          <Text size="sm">
            {check.mapping_saved
              ? `The mapping saved for ${source}, from its last statement.`
              : 'Proposed from the columns’ names.'}{' '}
            {check.lines} line(s) read. A column left “Not kept” is not stored.
          </Text>
          {check.file_errors.length > 0 && (
            <List size="sm" c="red.8" role="alert">
              {check.file_errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {check.columns.map((column) => (
              <NativeSelect
                key={column}
                label={`Column “${column}”`}
                value={mapping[column] ?? NOT_KEPT}
                onChange={(e) => {
                  // Read now: the event's target is gone by the time the update runs.
                  const field = e.currentTarget.value as StatementField | '';
                  setMapping((m) => ({ ...m, [column]: field }));
                }}
                data={[
                  { value: NOT_KEPT, label: 'Not kept' },
                  ...Object.entries(FIELD_WORDS).map(([value, label]) => ({
                    value,
                    label: `${label}${STATEMENT_REQUIRED_FIELDS.includes(value as StatementField) ? ' (required)' : ''}`,
                  })),
                ]}
              />
            ))}
          </SimpleGrid>
          {missing.length > 0 && (
            <Text size="sm" c="red.8" role="alert">
              Map a column to {missing.map((f) => FIELD_WORDS[f]).join(', ')}.
            </Text>
          )}
          {check.errors.length > 0 && (
            <List size="sm" c="red.8" aria-label="Problems of the statement’s cells">
              {check.errors.map((e) => (
                <List.Item key={`${e.row}:${e.column ?? ''}:${e.message}`}>
                  Row {e.row}
                  {e.column ? `, column “${e.column}”` : ''}: {e.message}
                </List.Item>
              ))}
            </List>
          )}
          <Group>
            <Button type="submit" loading={pending} disabled={missing.length > 0}>
              Upload and match
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The upload's problem, with each cell it names. */
function ProblemList({ error }: { error: unknown }) {
  const errors = isApiError(error) ? (error.problem.errors ?? []) : [];
  return (
    <>
      <ErrorState error={error} />
      {errors.length > 0 && (
        <List size="sm" c="red.8" aria-label="Problems of the statement">
          {errors.map((e) => (
            <List.Item key={`${e.path}:${e.message}`}>
              {e.path}: {e.message}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
