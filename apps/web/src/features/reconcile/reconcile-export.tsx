import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReconDifference } from '@console/schemas';
import { useState, type FormEvent } from 'react';
import { DatePeriodFields } from '@/components/form/date-period';
import { ErrorState } from '@/components/states/states';
import { exportReconciliation } from '@/lib/api';
import { downloadText } from '@/lib/download';
import { useWrite } from '@/lib/use-write';
import { dateOf, differenceTitle, instantOfDate, utcDay } from './reconcile-words';

/*
 * The reconciliation page's export (issue 40): a period's matches and differences as a CSV
 * download, with their count per day and kind.
 */

export function Export() {
  const [from, setFrom] = useState(() => dateOf(utcDay(30)));
  const [to, setTo] = useState(() => dateOf(utcDay(-1)));
  const made = useWrite({
    mutationFn: () => exportReconciliation(instantOfDate(from), instantOfDate(to)),
    onSuccess: (result) => downloadText(result.filename, result.csv, 'text/csv;charset=utf-8'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void made.run();
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-export-title">
      <Title order={2} size="h4" id="recon-export-title">
        Export
      </Title>
      <form onSubmit={submit} aria-label="Export reconciliation">
        <Group align="end" gap="sm">
          <DatePeriodFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="submit" variant="default" loading={made.isPending}>
            Export CSV
          </Button>
        </Group>
      </form>
      {made.isError && <ErrorState error={made.error} />}
      {made.data && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            Exported to {made.data.filename}.
          </Text>
          {made.data.summary.length > 0 && (
            <Table aria-label="Per day and kind" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Day (UTC)</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Count</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {made.data.summary.map((s) => (
                  <Table.Tr key={`${s.day} ${s.kind}`}>
                    <Table.Td>{s.day}</Table.Td>
                    <Table.Td>
                      {s.kind === 'match'
                        ? 'Matched'
                        : differenceTitle({
                            kind: s.kind as ReconDifference['kind'],
                            source: null,
                          })}
                    </Table.Td>
                    <Table.Td>{s.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
