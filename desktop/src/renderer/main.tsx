import 'normalize.css/normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import './styles/brand.css';
import { platform } from './platform';
import { applyTheme } from './theme/theme';
import { loadIconsOnDemand } from './ui/icons';

applyTheme();
loadIconsOnDemand();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The console's modules read the session and the server address when they load, so they are
// imported only once the host has handed them over (at once on the web; from the shell on desktop).
platform
  .init()
  .then(() => import('./boot'))
  .then(({ boot }) => boot(container))
  .catch((error: unknown) => {
    console.error(error);
    container.textContent = 'The console could not start. Restart the application and try again.';
  });
