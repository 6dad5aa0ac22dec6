import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * While a send is pending. An order that waits for its fill holds the answer for up to
 * `waitMillis`: the bar shows how much of that wait has passed, so nobody clicks again.
 */
export function SendProgress({ waitMillis }: { waitMillis?: number | undefined }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Date.now() - started), 100);
    return () => window.clearInterval(timer);
  }, []);
  if (!waitMillis) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Sending…</Text>
      </Group>
    );
  }
  const percent = Math.min(100, (elapsed / waitMillis) * 100);
  const seconds = (Math.min(elapsed, waitMillis) / 1000).toFixed(1);
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        Waiting for the order to fill: {seconds} s of {(waitMillis / 1000).toFixed(1)} s
      </Text>
      <Progress
        value={percent}
        animated
        aria-label="Time waited for the fill"
        aria-valuetext={`${seconds} of ${(waitMillis / 1000).toFixed(1)} seconds`}
      />
    </Stack>
  );
}
