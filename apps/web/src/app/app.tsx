import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api';
import { SESSION_KEY } from '@/lib/session';
import { queryClient } from './query-client';
import { router } from './router';
import { colorSchemeManager, cssVariables, theme } from './theme';

// A 401 anywhere means the session ended: forget it, and the layout sends the operator to sign-in
// with the page they were on, so they come back to it afterwards.
setUnauthorizedHandler(() => queryClient.setQueryData(SESSION_KEY, null));

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariables}
      defaultColorScheme="auto"
    >
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        {/* Top right, below the header (app.css): over it, a toast hides the name and Sign out. */}
        <Notifications position="top-right" limit={4} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
