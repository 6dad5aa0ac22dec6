import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CRYPTO_NETWORKS,
  DESTINATION_KINDS,
  isKnownValue,
  ProposeDestinationSchema,
  type AwaitingApprovalResult,
  type DestinationKind,
  type DestinationTarget,
} from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/states/states';
import { proposeDestination } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { BOOK_KEY } from '@/lib/use-destination-book';
import { useWrite } from '@/lib/use-write';
import { KIND_LABELS } from '@/lib/destination-words';
import { AddressBookPick, type PickedAddress } from './address-book-pick';
import { DestinationIdPicker } from './destination-id-picker';

export { BOOK_KEY };

interface Values {
  kind: DestinationKind;
  network: string;
  /** The address, the fiat account id or the profile id, as the kind asks. */
  id: string;
  name: string;
  reason: string;
}

const EMPTY: Values = { kind: 'crypto-address', network: 'BITCOIN', id: '', name: '', reason: '' };

/** The label of the one identifying field of each kind. */
const ID_LABELS: Readonly<Record<DestinationKind, string>> = {
  'crypto-address': 'Address',
  'fiat-account': 'Fiat account',
  'counterparty-profile': 'Profile id',
  'own-profile': 'Profile',
};

/** The values that propose `target`, as a picker hands it over: the name and reason left to write. */
export function valuesOf(target: DestinationTarget, name = ''): Values {
  switch (target.kind) {
    case 'crypto-address':
      return { ...EMPTY, kind: target.kind, network: target.network, id: target.address, name };
    case 'fiat-account':
      return { ...EMPTY, kind: target.kind, id: target.fiat_account_id, name };
    case 'counterparty-profile':
    case 'own-profile':
      return { ...EMPTY, kind: target.kind, id: target.profile_id, name };
  }
}

/** The request body the values make, as `POST /api/destinations` takes it. */
export function proposalOf(values: Values) {
  const id = values.id.trim();
  const target =
    values.kind === 'crypto-address'
      ? { kind: values.kind, network: values.network, address: id }
      : values.kind === 'fiat-account'
        ? { kind: values.kind, fiat_account_id: id }
        : { kind: values.kind, profile_id: id };
  return { target, name: values.name.trim(), reason: values.reason.trim() };
}

/** The field a path of the body's errors names: the identifying field for any target member. */
function fieldOf(path: string): keyof Values | undefined {
  if (path === 'name' || path === 'reason') return path;
  if (path === 'target.network') return 'network';
  if (path.startsWith('target.')) return 'id';
  return undefined;
}

export interface AddDestinationFormProps {
  /** A destination a picker offers to add, prefilled (its name suggested): still editable. */
  initial?: { target: DestinationTarget; name?: string };
  /** Called once the proposal is held for approval (a picker's dialog offers the way back). */
  onProposed?: (result: AwaitingApprovalResult) => void;
}

/**
 * Proposes a new entry of the book of allowed destinations. Nothing is usable at once: the BFF
 * journals it and holds it for another operator's approval, after which it cools off. The
 * destination is picked by name where a list holds it (`DestinationIdPicker`), typed exactly as
 * the service spells it where none does, or handed over by a send form's picker ("Add to the
 * book"), which opens this form in a dialog over the send form.
 */
export function AddDestinationForm({ initial, onProposed }: AddDestinationFormProps = {}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() =>
    initial ? valuesOf(initial.target, initial.name) : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [held, setHeld] = useState<AwaitingApprovalResult | null>(null);
  const propose = useWrite({
    mutationFn: proposeDestination,
    onSuccess: (result) => {
      setHeld(result);
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: BOOK_KEY });
      onProposed?.(result);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fromServer: Partial<Record<keyof Values, string>> = {};
      for (const e of error.problem.errors ?? []) {
        const field = fieldOf(e.path);
        if (field) fromServer[field] ??= e.message;
      }
      setErrors(fromServer);
    },
  });
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  // An address book's entry gives its address and network, and its nickname where none is named.
  const takeOver = (picked: PickedAddress) => {
    setValues((v) => ({
      ...v,
      network: isKnownValue(CRYPTO_NETWORKS, picked.network) ? picked.network : v.network,
      id: picked.address,
      name: v.name || (picked.nickname ?? ''),
    }));
    setErrors((e) => ({ ...e, id: undefined, network: undefined, name: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In a picker's dialog the send form is this form's React parent (through the portal): its
    // submit must not be taken for the send form's.
    event.stopPropagation();
    setHeld(null);
    const body = proposalOf(values);
    const parsed = ProposeDestinationSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field) found[field] ??= issue.message;
      }
      setErrors(found);
      // The first field with an error takes the focus, as in every form of the console.
      const first = (['id', 'network', 'name', 'reason'] as const).find((f) => found[f]);
      if (first) document.getElementById(`destination-${first}`)?.focus();
      return;
    }
    void propose.run(parsed.data);
  };

  return (
    <form noValidate aria-label="Add to the book" onSubmit={submit}>
      <Stack gap="sm" maw={640}>
        <NativeSelect
          id="destination-kind"
          label="Kind"
          data={DESTINATION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          value={values.kind}
          onChange={(event) => set('kind')(event.currentTarget.value)}
        />
        {values.kind === 'crypto-address' && (
          <AddressBookPick network={values.network} address={values.id} onPick={takeOver} />
        )}
        {values.kind === 'crypto-address' && (
          <NativeSelect
            id="destination-network"
            label="Network"
            data={[...CRYPTO_NETWORKS]}
            value={values.network}
            onChange={(event) => set('network')(event.currentTarget.value)}
            error={errors.network}
          />
        )}
        <DestinationIdPicker
          kind={values.kind}
          label={ID_LABELS[values.kind]}
          value={values.id}
          onChange={set('id')}
          error={errors.id}
        />
        <TextInput
          id="destination-name"
          label="Name"
          description="What operators will call it (“Acme payroll wallet”)."
          required
          maxLength={100}
          value={values.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          id="destination-reason"
          label="Reason"
          description="Why money should be able to go there: for the approver and the record."
          required
          rows={3}
          maxLength={500}
          value={values.reason}
          onChange={(event) => set('reason')(event.currentTarget.value)}
          error={errors.reason}
        />
        {propose.isError && <ErrorState error={propose.error} />}
        {held && (
          <Alert color="yellow" variant="light" title="Awaiting another operator’s approval">
            Nothing is usable yet: once another operator approves it, it cools off before money may
            go there.{' '}
            <Anchor component={Link} to={`/approvals/${held.journal.id}`}>
              Open the request
            </Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
            Propose for approval
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
