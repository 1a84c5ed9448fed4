import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startConnectivity } from './offline/connectivity';

export function boot(container: HTMLElement): void {
  startConnectivity();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
