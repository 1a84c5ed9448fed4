import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startConnectivity } from './offline/connectivity';
import { loadOutbox } from './offline/outbox';

export async function boot(container: HTMLElement): Promise<void> {
  startConnectivity();
  await loadOutbox();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
