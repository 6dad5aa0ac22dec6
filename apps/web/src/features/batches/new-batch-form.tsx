import {
  Button,
  Group,
  Input,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  BATCH_MAX_ROWS,
  BATCH_OPERATIONS,
  BatchCheckRequestSchema,
  BatchFileNameSchema,
  type BatchCheck,
  type BatchCheckRequest,
  type BatchMapping as Mapping,
  type BatchOperation,
} from '@console/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorState } from '@/components/states/states';
import { checkBatch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { useWrite } from '@/lib/use-write';
import { decodeBatchFile } from './batch-file';
import { BatchColumns } from './batch-columns';
import { BatchMapping } from './batch-mapping';
import { batchOperationTitle } from './batch-words';
import { CheckedBatch } from './checked-batch';

type Source = 'file' | 'paste';

/** Why the BFF would refuse `name` as a batch's file name (the shared schema's words), or null. */
function fileNameProblem(name: string): string | null {
  const parsed = BatchFileNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This name is refused.');
}

const FILE_INPUT_ID = 'batch-file';
const FILE_ERROR_ID = 'batch-file-error';
const FILE_HINT_ID = 'batch-file-hint';

/** A check as the page holds it: the upload it was made of, and a key that starts its review afresh. */
interface Checked {
  upload: BatchCheckRequest;
  check: BatchCheck;
  key: number;
}

/**
 * A new batch: the operation, the rows (a CSV file, or rows pasted), a check by the BFF, the
 * mapping step when the columns are not the fields' names, then the review of the checked rows
 * and "Submit for approval".
 */
export function NewBatchForm() {
  const [operation, setOperation] = useState<BatchOperation>(BATCH_OPERATIONS[0]);
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [pastedName, setPastedName] = useState('pasted-rows.csv');
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [remapping, setRemapping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const run = useWrite({
    mutationFn: (upload: BatchCheckRequest) =>
      checkBatch(upload).then((check) => ({ upload, check })),
    onSuccess: ({ upload, check }) => {
      setChecked((c) => ({ upload, check, key: (c?.key ?? 0) + 1 }));
      setRemapping(false);
    },
    onError: (error) => {
      // A name the BFF refuses is said beside the field that gave it: the file, or the name typed.
      const refused = isApiError(error)
        ? error.problem.errors?.find((e) => e.path === 'file_name')
        : undefined;
      if (!refused) return;
      if (source === 'file') {
        setFileError(refused.message);
        fileInput.current?.focus();
      } else {
        setNameError(refused.message);
      }
    },
  });
  const showMapping = checked !== null && (checked.check.mapping_needed || remapping);
  useEffect(() => {
    // A fresh check is where the operator's attention goes (the mapping step focuses itself).
    if (checked && !showMapping) resultHeading.current?.focus();
  }, [checked, showMapping]);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setFileError(null);
    setNameError(null);
    let upload: BatchCheckRequest;
    if (source === 'file') {
      if (!file) {
        setFileError('Choose a CSV file.');
        fileInput.current?.focus();
        return;
      }
      const badName = fileNameProblem(file.name);
      if (badName) {
        // Nothing is posted: the name goes into messages, where only a safe set of characters may.
        setFileError(`“${file.name}”: ${badName}`);
        setChecked(null);
        fileInput.current?.focus();
        return;
      }
      const decoded = await decodeBatchFile(file);
      if ('error' in decoded) {
        // Nothing is posted: a file the browser cannot read as UTF-8 is not guessed at.
        setFileError(decoded.error);
        setChecked(null);
        fileInput.current?.focus();
        return;
      }
      upload = { operation, file_name: file.name, text: decoded.text };
    } else {
      if (pasted.trim() === '') {
        setFileError('Paste the rows, with their header row first.');
        return;
      }
      const name = pastedName.trim() || 'pasted-rows.csv';
      const badName = fileNameProblem(name);
      if (badName) {
        setNameError(badName);
        setChecked(null);
        return;
      }
      upload = { operation, file_name: name, text: pasted };
    }
    // The BFF's own limits (columns, cell length, size), said here without posting the file.
    const shape = BatchCheckRequestSchema.shape.text.safeParse(upload.text);
    if (!shape.success) {
      setFileError(shape.error.issues[0]?.message ?? 'The file cannot be checked.');
      setChecked(null);
      fileInput.current?.focus();
      return;
    }
    await run.run(upload).catch(() => undefined);
  };
  const remap = (mapping: Mapping) => {
    if (!checked) return;
    void run.run({ ...checked.upload, mapping }).catch(() => undefined);
  };

  return (
    <Stack gap="md">
      <form onSubmit={(e) => void check(e)} aria-label="New batch">
        <Stack gap="sm" maw={720}>
          <NativeSelect
            label="Operation"
            description="Every row of the file is one send of this operation."
            value={operation}
            onChange={(e) => {
              setOperation(e.currentTarget.value as BatchOperation);
              setChecked(null);
            }}
            data={BATCH_OPERATIONS.map((id) => ({ value: id, label: batchOperationTitle(id) }))}
          />
          <details>
            <summary>
              <Text span size="sm" fw={500}>
                The columns of a {batchOperationTitle(operation)} file, and a template
              </Text>
            </summary>
            <BatchColumns operation={operation} />
          </details>
          <Radio.Group
            label="Rows from"
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              setFileError(null);
            }}
          >
            <Group gap="md" mt={4}>
              <Radio value="file" label="Choose a file" />
              <Radio value="paste" label="Paste rows" />
            </Group>
          </Radio.Group>
          {source === 'file' ? (
            <Input.Wrapper
              label="CSV file"
              labelProps={{ htmlFor: FILE_INPUT_ID }}
              description={`A header row, then up to ${BATCH_MAX_ROWS.toLocaleString('en')} rows; “,” or “;” between cells; UTF-8.`}
              descriptionProps={{ id: FILE_HINT_ID }}
              error={fileError}
              errorProps={{ id: FILE_ERROR_ID }}
            >
              <input
                ref={fileInput}
                id={FILE_INPUT_ID}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${FILE_HINT_ID} ${FILE_ERROR_ID}` : FILE_HINT_ID}
                style={{ display: 'block', marginTop: 4 }}
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setFileError(null);
                  setChecked(null);
                }}
              />
            </Input.Wrapper>
          ) : (
            <>
              <Textarea
                label="Rows"
                description="Paste from a spreadsheet or a CSV file: the header row first."
                autosize
                minRows={4}
                maxRows={16}
                value={pasted}
                onChange={(e) => setPasted(e.currentTarget.value)}
                error={fileError}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
              <TextInput
                label="Name for these rows"
                description="An upload with the same name is compared with this one."
                value={pastedName}
                onChange={(e) => {
                  setPastedName(e.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                maxLength={255}
              />
            </>
          )}
          <Group>
            <Button type="submit" loading={run.isPending}>
              Check the rows
            </Button>
            {checked && !showMapping && checked.check.columns.length > 0 && (
              <Button variant="default" onClick={() => setRemapping(true)}>
                Change the mapping
              </Button>
            )}
          </Group>
          {!checked && (
            <Text size="sm" c="dimmed">
              Nothing is stored by a check; the rows are checked as a single send would be.
            </Text>
          )}
        </Stack>
      </form>
      {run.isError && <ErrorState error={run.error} />}
      {checked && showMapping && (
        <BatchMapping
          key={checked.key}
          check={checked.check}
          pending={run.isPending}
          onMap={remap}
          onCancel={checked.check.mapping_needed ? undefined : () => setRemapping(false)}
        />
      )}
      {checked && !showMapping && (
        <CheckedBatch
          key={checked.key}
          upload={checked.upload}
          check={checked.check}
          headingRef={resultHeading}
        />
      )}
    </Stack>
  );
}
