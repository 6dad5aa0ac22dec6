import { Box, Stack, Text } from '@mantine/core';
import { fieldMeta, isRecord, operations, type WriteOperationId } from '@console/schemas';
import type { ReactNode } from 'react';
import { Amount } from './amount';
import { CopyValue } from './copy-value';
import { LocalTime } from './local-time';
import { ProfileRef } from './profile-ref';
import { EnumBadge, StatusBadge } from './status-badge';
import { humanize, valueKind } from './value-kinds';

function labelOf(operation: WriteOperationId, key: string, depth: number): string {
  const shape = operations[operation].shape.body as Record<string, Parameters<typeof fieldMeta>[0]>;
  const schema = depth === 0 ? shape[key] : undefined;
  return (schema && fieldMeta(schema).label) || humanize(key);
}

function renderValue(
  operation: WriteOperationId,
  key: string,
  value: unknown,
  parent: Record<string, unknown>,
  depth: number,
  label: string,
): ReactNode {
  if (value === null || value === undefined || value === '') {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (typeof value === 'boolean')
    return (
      <Text span size="sm">
        {value ? 'Yes' : 'No'}
      </Text>
    );
  if (Array.isArray(value)) {
    return (
      <Box style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {value.map((item, i) => (
          <span key={i}>{renderValue(operation, key, item, parent, depth, label)}</span>
        ))}
      </Box>
    );
  }
  if (isRecord(value)) {
    // Metadata keys are the operator's data: shown exactly, never turned into labels.
    const verbatim = key === 'metadata' || key.endsWith('_metadata');
    return (
      <ResultFields operation={operation} data={value} depth={depth + 1} verbatim={verbatim} />
    );
  }
  const text = String(value);
  const kind = valueKind(operation, key, parent, depth);
  switch (kind.kind) {
    case 'status':
      return <StatusBadge value={text} known={kind.known} />;
    case 'enum':
      return <EnumBadge value={text} known={kind.known} />;
    case 'id':
      // A profile is known by its nickname; the id stays beside it.
      return /(^|_)profile_id$/.test(key) ? (
        <ProfileRef id={text} label={label} />
      ) : (
        <CopyValue value={text} label={label} />
      );
    case 'time':
      return <LocalTime value={text} />;
    case 'amount':
      return <Amount value={text} asset={kind.asset} />;
    case 'none':
      return (
        <Text span size="sm" c="dimmed">
          — ({kind.why})
        </Text>
      );
    default:
      return (
        <Text span size="sm" style={{ wordBreak: 'break-word' }}>
          {text}
        </Text>
      );
  }
}

/** The members of a response as a dense definition list; nested objects indent below their key. */
export function ResultFields({
  operation,
  data,
  depth = 0,
  verbatim = false,
}: {
  operation: WriteOperationId;
  data: Record<string, unknown>;
  depth?: number;
  verbatim?: boolean;
}) {
  const entries = Object.entries(data);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        (empty)
      </Text>
    );
  }
  return (
    <Stack
      component="dl"
      gap={4}
      m={0}
      pl={depth > 0 ? 'sm' : 0}
      style={
        depth > 0 ? { borderLeft: '2px solid var(--mantine-color-default-border)' } : undefined
      }
    >
      {entries.map(([key, value]) => {
        const label = verbatim ? key : labelOf(operation, key, depth);
        return (
          <Box
            key={key}
            style={{
              display: 'grid',
              // Nested members take only the label width they need, so their ids do not wrap.
              gridTemplateColumns:
                depth > 0 ? 'minmax(80px, max-content) 1fr' : 'minmax(140px, 30%) 1fr',
              gap: 8,
            }}
          >
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Box component="dd" m={0}>
              {verbatim ? (
                <Text span size="sm" style={{ wordBreak: 'break-word' }}>
                  {typeof value === 'string' ? value : JSON.stringify(value)}
                </Text>
              ) : (
                renderValue(operation, key, value, data, depth, label)
              )}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
