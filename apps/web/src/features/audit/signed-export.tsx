/**
 * The audit page's signed export (issues 41 and 57): a period of the journal, approval events or
 * security events as CSV, its detached signature and the inclusion proofs of its records, each
 * downloaded, with the public key to check them offline.
 */
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { AuditExportRequest } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DatePeriodFields } from '@/components/form/date-period';
import { ErrorState } from '@/components/states/states';
import { exportAuditPeriod } from '@/lib/api';
import { useWrite } from '@/lib/use-write';
import { downloadText } from '@/lib/download';

import { AUDIT_KEY } from './audit-keys';

/** Tomorrow (UTC): `to` is exclusive, so the default period takes in all of today. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

export function SignedExport({ keyId, publicKey }: { keyId: string; publicKey: string }) {
  const [kind, setKind] = useState<AuditExportRequest['kind']>('journal');
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(tomorrow);
  const queryClient = useQueryClient();
  const made = useWrite({
    mutationFn: (body: AuditExportRequest) => exportAuditPeriod(body),
    onSuccess: (result) => {
      downloadText(result.filename, result.csv, 'text/csv;charset=utf-8');
      downloadText(`${result.filename}.jws`, `${result.signature}\n`, 'application/jose');
      downloadText(`${result.filename}.proofs.json`, result.proofs, 'application/json');
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void made.run({ kind, from, to });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="audit-export-title">
      <Title order={2} size="h4" id="audit-export-title">
        Signed export
      </Title>
      {/* Key ids and commands are long unbroken words: they wrap rather than run off a phone. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        A period as CSV, with a detached signature (JWS) by the audit key {keyId} and the proofs
        that its records are in the trail&apos;s signed tree. Anyone can check both:{' '}
        <code>pnpm cli audit:verify-export FILE FILE.jws --key audit-public.pem</code> and{' '}
        <code>pnpm cli audit:verify-proof FILE.proofs.json --public-key audit-public.pem</code>.
        Each export is recorded in the trail with your name and the period.
      </Text>
      <form onSubmit={submit} aria-label="Signed export">
        <Group align="end" gap="sm">
          <NativeSelect
            label="Records"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as AuditExportRequest['kind'])}
            data={[
              { value: 'journal', label: 'Journal' },
              { value: 'approvals', label: 'Approval events' },
              { value: 'security', label: 'Security events' },
            ]}
          />
          <DatePeriodFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="submit" loading={made.isPending}>
            Export and sign
          </Button>
          <Button
            variant="default"
            onClick={() => downloadText('audit-public.pem', publicKey, 'application/x-pem-file')}
          >
            Download the public key
          </Button>
        </Group>
      </form>
      {made.isError && <ErrorState error={made.error} />}
      {made.data && (
        <Text size="sm" role="status">
          {made.data.rows} rows exported to {made.data.filename}, signature in {made.data.filename}
          .jws, proofs in {made.data.filename}.proofs.json.
        </Text>
      )}
    </Stack>
  );
}
