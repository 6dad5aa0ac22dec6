import { Anchor, Table, Text, Title } from '@mantine/core';
import {
  AMOUNT_UNKNOWN_WORDS,
  type DryRunChange,
  type DryRunCounts,
  type DryRunMarketOrders,
  type PolicyDryRun,
} from '@console/schemas';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { formatMoney } from '@/lib/format-amount';
import { operationTitle } from '@/lib/operation-title';

const OUTCOMES: { key: keyof DryRunCounts; label: string }[] = [
  { key: 'send', label: 'Sent at once' },
  { key: 'hold', label: 'Held for approval' },
  { key: 'escalate', label: 'Escalated' },
  { key: 'refuse', label: 'Refused' },
];

const approvalsWords = (items: PolicyDryRun['approvals']['then']) =>
  items.length === 0
    ? 'none'
    : items.map((a) => `${a.approvals} from ${a.roles.join(' or ')}`).join('; ');

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * How the market orders of unknown size were judged (issue 66): at an estimate, the price read
 * when each was decided or today's (each market's, with when it was read), plus the margin each
 * policy states; those no price was found for held by any threshold. Nothing without one.
 */
function MarketOrdersWords({ orders }: { orders: DryRunMarketOrders }) {
  const { priced_when_decided: decided, priced_now: now, unpriced, prices } = orders;
  const priced = decided + now;
  if (priced + unpriced === 0) return null;
  const holds = `thresholds hold ${plural(unpriced, 'it', 'them')}`;
  if (priced === 0) {
    return (
      <Text size="sm">
        {unpriced} {plural(unpriced, 'market order', 'market orders')} of unknown size could not be
        priced: {holds}.
      </Text>
    );
  }
  return (
    <Text size="sm">
      {priced} {plural(priced, 'market order', 'market orders')} of unknown size{' '}
      {plural(priced, 'was', 'were')} judged at an estimate:{' '}
      {decided > 0 &&
        `${decided} at the price read when ${plural(decided, 'it was', 'they were')} decided`}
      {decided > 0 && now > 0 && ', '}
      {now > 0 && (
        <>
          {now} at today’s price (
          {prices.map((p, i) => (
            <Fragment key={p.market}>
              {i > 0 && '; '}
              {p.market} {formatMoney(p.price, p.asset)}, read <LocalTime value={p.read_at} />
            </Fragment>
          ))}
          )
        </>
      )}{' '}
      plus the margin each policy states
      {unpriced > 0 ? `; ${unpriced} could not be priced: ${holds}` : ''}.
    </Text>
  );
}

/**
 * What a change's policies compared, in words, for an order of unknown size: the estimate it was
 * judged at, or that it was not priced; null for any other send.
 */
function estimateWords(change: DryRunChange): string | null {
  const {
    then: { estimate: then },
    draft: { estimate: draft },
  } = change;
  const estimate = draft ?? then;
  if (!estimate) {
    const unknown = change.operation === 'createOrder' && change.amount === null;
    return unknown ? `Amount compared: ${AMOUNT_UNKNOWN_WORDS}.` : null;
  }
  const { asset } = estimate;
  const compared =
    then && draft && then.amount !== draft.amount
      ? `${formatMoney(draft.amount, asset)} under the draft, ${formatMoney(then.amount, asset)} then`
      : formatMoney(estimate.amount, asset);
  const margin =
    then && draft && then.margin_percent !== draft.margin_percent
      ? `the draft’s ${draft.margin_percent} % margin (${then.margin_percent} % then)`
      : `the policy’s ${estimate.margin_percent} % margin`;
  const at =
    change.price_read === 'when_decided' ? 'the price read when it was decided' : 'today’s price';
  const size = formatMoney(estimate.base_amount, estimate.base_asset);
  return `Amount compared: ${compared}, an estimate: ${size} at ${formatMoney(estimate.price, asset)} (${at}) plus ${margin}.`;
}

/** What a change moved, as its link says it: the amount known, else a market order's size. */
function sizeWords(change: DryRunChange): string {
  const estimate = change.draft.estimate ?? change.then.estimate;
  if (estimate) return ` of ${formatMoney(estimate.base_amount, estimate.base_asset)}`;
  return change.amount ? ` of ${formatMoney(change.amount, change.asset)}` : '';
}

/**
 * What a draft would have done with the journal's sends of a period, beside what the versions then
 * in force did (issue 38): counts per outcome, the approvals asked per role, how market orders of
 * unknown size were judged, and each send whose outcome changes, linked to its journal entry.
 */
export function DryRunResult({ result }: { result: PolicyDryRun }) {
  return (
    <section aria-labelledby="dry-run-result">
      <Title id="dry-run-result" order={3} size="h5">
        The draft over {result.entries} sends from <LocalTime value={result.from} /> to{' '}
        <LocalTime value={result.to} />
      </Title>
      <Table captionSide="top" withTableBorder maw={560} my="xs">
        <Table.Caption>Sends by outcome: as decided then, and under the draft</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Then (versions {result.versions.join(', ') || 'none'})</Table.Th>
            <Table.Th scope="col">Draft</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {OUTCOMES.map(({ key, label }) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{result.then[key]}</Table.Td>
              <Table.Td>{result.draft[key]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">Approvals asked then: {approvalsWords(result.approvals.then)}.</Text>
      <Text size="sm">
        Approvals the draft would ask: {approvalsWords(result.approvals.draft)}.
      </Text>
      <Text size="xs" c="dimmed">
        Whether a destination was in the book is read as of{' '}
        <LocalTime value={result.book_read_at} />, and each maker’s role as it is now
        {result.unknown_initiators > 0
          ? `; ${result.unknown_initiators} sends were made by operators no longer known, decided as a viewer’s`
          : ''}
        .
      </Text>
      <MarketOrdersWords orders={result.market_orders} />
      <Title order={4} size="h6" mt="sm">
        {result.changed.total === 0
          ? 'No send would change outcome'
          : `${result.changed.total} sends would change outcome${result.changed.total > result.changed.items.length ? ` (the first ${result.changed.items.length} listed)` : ''}`}
      </Title>
      {result.changed.items.length > 0 && (
        <ul aria-label="Sends whose outcome the draft changes">
          {result.changed.items.map((c) => {
            const estimate = estimateWords(c);
            return (
              <li key={c.journal_id}>
                <Text size="sm">
                  <Anchor component={Link} to={`/journal/${c.journal_id}`} underline="always">
                    {operationTitle(c.operation)}
                    {sizeWords(c)}
                  </Anchor>{' '}
                  by {c.operator}: {c.then.rule_words} (version {c.then.version}) →{' '}
                  {c.draft.rule_words}
                </Text>
                {estimate && (
                  <Text size="xs" c="dimmed">
                    {estimate}
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
