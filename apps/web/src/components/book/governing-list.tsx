import { Anchor, Text } from '@mantine/core';
import { routeOf } from '@console/schemas';
import { Link } from 'react-router';

/** The pages about destinations: the service's address book, and the console's own book. */
export type DestinationList = 'address-book' | 'allowed-destinations';

/**
 * Which of the two lists of destinations governs a send, said on each page about them (issue
 * 60, item 5): operators met "Address book", "New destination address" and "Allowed
 * destinations" and could not tell which one the approval policy checks.
 */
export function GoverningList({ here }: { here: DestinationList }) {
  if (here === 'allowed-destinations') {
    return (
      <Text span display="block" size="sm" data-testid="governing-list">
        This is the list the approval policy checks: where it asks for the book, a send goes only to
        an active entry here. The{' '}
        <Anchor
          component={Link}
          to={routeOf('listCryptoDestinationAddresses')}
          size="sm"
          underline="always"
        >
          address book
        </Anchor>{' '}
        is the service’s own list of crypto payout addresses: an address must be approved there too
        before the service pays out to it.
      </Text>
    );
  }
  return (
    <Text span display="block" size="sm" data-testid="governing-list">
      This is the service’s list of crypto payout addresses, not the one the approval policy checks:
      where the policy asks for it, a send goes only to an active entry of{' '}
      <Anchor component={Link} to="/destinations" size="sm" underline="always">
        Allowed destinations
      </Anchor>
      .
    </Text>
  );
}
