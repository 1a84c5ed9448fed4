import '../styles/index.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/** One QueryClient per server render, and one for the browser's whole visit (kept across navigation). */
export default function Layout({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  // Says the page now answers to clicks and keys: the browser tests wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
