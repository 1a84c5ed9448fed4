import '../styles/index.css';
import { useEffect, type ReactNode } from 'react';

export default function Layout({ children }: { children: ReactNode }) {
  // Says the page now answers to clicks and keys: the browser tests wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}
