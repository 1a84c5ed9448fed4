/**
 * The home page's only browser code: it hydrates the islands the server marked (Island.tsx) and
 * nothing else. Each island gets the little of Vike's page context it reads (the URL, and the data
 * the server rendered it with), so its components are the same ones the other pages hydrate whole.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { scrollToSection } from '../../lib/navigation';
import { ActivitiesSection } from '../home/ActivitiesSection';
import { ContactForm } from '../home/ContactForm';
import { Header } from '../layout/Header';
import type { IslandName } from './Island';

/** Each island's root, given the props the server wrote beside it (Island's `props`). */
const ISLANDS: Record<IslandName, (props: never) => ReactNode> = {
  header: (props: { organisationName: string }) => <Header organisationName={props.organisationName} />,
  'contact-form': () => <ContactForm />,
  activities: () => <ActivitiesSection />,
};

function propsOf(name: string): unknown {
  const script = document.querySelector(`script[data-island-props="${name}"]`);
  return script?.textContent ? (JSON.parse(script.textContent) as unknown) : null;
}

/** The page context an island's components read: urlPathname, urlParsed.search and data. */
function pageContextFor(data: unknown): PageContext {
  const search = Object.fromEntries(new URLSearchParams(window.location.search));
  return {
    urlPathname: window.location.pathname,
    urlParsed: { pathname: window.location.pathname, search, hash: window.location.hash.slice(1) },
    data,
    // Vike's PageContext also types what only its own router fills in; the islands read these three.
  } as unknown as PageContext;
}

let pending = 0;
/** Says the page now answers to clicks and keys once every island has hydrated (the browser tests wait for it). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    pending -= 1;
    if (pending === 0) document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/**
 * Same-page links outside the islands (the hero's, the footer's) scroll smoothly as the header's do
 * (SPEC 2), without hydrating the sections they sit in.
 */
function scrollSamePageLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link || link.closest('[data-island]')) return;
    const url = new URL(link.getAttribute('href') ?? '', window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || !url.hash) return;
    if (url.hash !== '#main' && scrollToSection(decodeURIComponent(url.hash.slice(1)))) event.preventDefault();
  });
}

export function hydrateIslands(): void {
  // Tells lib/navigation.ts that Vike's client router is not on this page: links load pages.
  document.documentElement.dataset.islands = '';
  scrollSamePageLinks();
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  pending = elements.length;
  for (const element of elements) {
    const name = element.dataset.island as IslandName;
    const render = ISLANDS[name] as ((props: unknown) => ReactNode) | undefined;
    if (!render) continue;
    const props = propsOf(name);
    hydrateRoot(
      element,
      <StrictMode>
        <VikeReactProviderPageContext pageContext={pageContextFor(props)}>
          <Hydrated>{render(props)}</Hydrated>
        </VikeReactProviderPageContext>
      </StrictMode>,
    );
  }
}
