/**
 * Partial hydration of the home page: the page is rendered whole on the server, but in the browser
 * only its interactive parts ("islands") are hydrated, each with its own React root (see
 * hydrate-islands.tsx); the static sections ship no JavaScript. On the other pages, which Vike
 * hydrates whole, an island is just its wrapper (`display: contents`, so it changes no layout).
 */
import type { ReactNode } from 'react';

export type IslandName = 'header' | 'contact-form' | 'activities';

/** JSON inside a script element: `<` is escaped so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function Island({ name, props, children }: { name: IslandName; props?: unknown; children: ReactNode }) {
  return (
    <>
      <div className="island" data-island={name}>
        {children}
      </div>
      {props !== undefined && (
        <script
          type="application/json"
          data-island-props={name}
          dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
        />
      )}
    </>
  );
}
