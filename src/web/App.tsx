import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { Router } from 'wouter';
import { AppRoutes } from './router/AppRoutes';
import { PasswordDialog } from './session/PasswordDialog';
import { onSessionClear, store } from './session/store';
import { Toasts } from './ui/Toasts';
import { useTabLocation } from './workspace/hooks';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (n, err) => n < 2 && (err as { status?: number }).status === 0, staleTime: 30_000, refetchOnWindowFocus: false } },
});
// Server data of one user never shows to the next.
onSessionClear(() => queryClient.clear());

/** Outside the tabs, wouter reads the browser's address and navigation moves the active workspace tab. */
export function App() {
  return (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <Router hook={useTabLocation}>
          <AppRoutes />
          <PasswordDialog />
          <Toasts />
        </Router>
      </QueryClientProvider>
    </Provider>
  );
}
