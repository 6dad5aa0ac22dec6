import { Button, Group, Text } from '@mantine/core';

export interface PageStepsProps {
  /** The page shown, from 0. */
  page: number;
  /** How many pages there are. */
  pages: number;
  onPage: (page: number) => void;
  /** The group's name for assistive technology. */
  label?: string;
}

/**
 * Previous and next over numbered pages (the rows of a checked file, of a batch): one place, so
 * every such list steps alike. Nothing when everything fits on one page.
 */
export function PageSteps({ page, pages, onPage, label = 'Pages of rows' }: PageStepsProps) {
  if (pages <= 1) return null;
  return (
    <Group gap="xs" role="group" aria-label={label}>
      <Button variant="default" size="xs" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text size="sm">
        Page {page + 1} of {pages}
      </Text>
      <Button
        variant="default"
        size="xs"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </Group>
  );
}
