// The home page is HTML-only for Vike (+config.ts: clientHooks: false): this is all it runs in the browser.
import { hydrateIslands } from '../../../components/islands/hydrate-islands';

hydrateIslands();
