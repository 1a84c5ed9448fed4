/**
 * Paging and search of an admin list (issue 10), one piece for every list screen: `page` and `q` live
 * in the URL query, so a reload, the Back button and a shared link keep the place. The search box
 * writes `q` 300 ms after the last keystroke and goes back to page 1; the server does the matching
 * (in any case and accents). Page changes add a history entry; search changes replace it.
 */
import { Button, ButtonGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SEARCH_DEBOUNCE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface PagedList {
  page: number;
  q: string;
  /** What the API list call takes: SPEC 9's page size, and `q` only when there is one. */
  params: { page: number; limit: number; q?: string };
  /** Another URL parameter of the list (e.g. a status filter); setting it goes back to page 1. */
  param(name: string): string | null;
  setParam(name: string, value: string | null): void;
  /** Several parameters in one history entry (a sort's column and order); also back to page 1. */
  setParams(values: Record<string, string | null>): void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setQ: (q: string) => void;
}

/**
 * The paging and search of a list inside a dialog, kept in the dialog's own state: the URL's page and
 * q belong to the list screen underneath (the attendees of an activity, an announcement's recipients).
 */
export function useDialogList(pageSize: number): PagedList {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  return {
    page,
    q,
    params: { page, limit: pageSize, ...(q && { q }) },
    param: () => null,
    setParam: () => undefined,
    setParams: () => undefined,
    setPage: (target) => setPage(target),
    setQ: (text) => {
      setQ(text.trim());
      setPage(1);
    },
  };
}

export function usePagedList(pageSize: number): PagedList {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const q = searchParams.get('q')?.trim() ?? '';

  // The URL as the last change left it. The router renders a navigation in a transition, so two
  // changes in a row (two date fields filled at once) can both come before that render: each starts
  // from the one before, not from the rendered URL, or the first is lost. The URLs of our own changes
  // not yet rendered are kept in order: when an older one renders (a filter cleared just before the
  // dates were filled), the newer change stays the base; a URL not among them came from outside
  // (Back, a link) and becomes the base.
  const latest = useRef(searchParams);
  const unrendered = useRef<string[]>([]);
  useEffect(() => {
    const at = unrendered.current.lastIndexOf(searchParams.toString());
    unrendered.current = at === -1 ? [] : unrendered.current.slice(at + 1);
    if (unrendered.current.length === 0) latest.current = searchParams;
  }, [searchParams]);

  // Every change keeps the other parameters; page 1 is left out.
  const change = (edit: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(latest.current);
    edit(next);
    if (next.get('page') === '1') next.delete('page');
    latest.current = next;
    unrendered.current.push(next.toString());
    setSearchParams(next, { replace });
  };

  return {
    page,
    q,
    params: { page, limit: pageSize, ...(q && { q }) },
    param: (name) => searchParams.get(name),
    setParam: (name, value) =>
      change((next) => {
        if (value === null) next.delete(name);
        else next.set(name, value);
        next.delete('page');
      }, false),
    setParams: (values) =>
      change((next) => {
        for (const [name, value] of Object.entries(values)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        next.delete('page');
      }, false),
    setPage: (target, { replace = false } = {}) => change((next) => next.set('page', String(target)), replace),
    setQ: (text) =>
      change((next) => {
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('page');
      }, true),
  };
}

/** The labelled search box: typing shows at once, the list follows 300 ms after the last key. */
export function ListSearch({ list, label, placeholder }: { list: PagedList; label: string; placeholder: string }) {
  const [draft, setDraft] = useState(list.q);
  const { q, setQ } = list;
  // The URL changed from outside (Back, a link): show its search, while rendering rather than after.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft((current) => (current.trim() === q ? current : q));
  }
  // setQ is a new function each render: the draft and the current q decide when to search.
  const search = useEffectEvent((text: string) => setQ(text));
  useEffect(() => {
    if (draft.trim() === q) return undefined;
    const timer = setTimeout(() => search(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q]);
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      placeholder={placeholder}
      aria-label={label}
      value={draft}
      onValueChange={setDraft}
      // Leaving the box (e.g. for a button that opens a form) or Enter applies the search at once.
      onBlur={() => draft.trim() !== q && setQ(draft)}
      onKeyDown={(event) => event.key === 'Enter' && draft.trim() !== q && setQ(draft)}
      className="search-box"
    />
  );
}

/** Page numbers to offer: the first, the last and two either side of the current page; null is a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  const withGaps: (number | null)[] = [];
  for (const number of shown) {
    const previous = withGaps.at(-1);
    if (typeof previous === 'number' && number - previous > 1) withGaps.push(null);
    withGaps.push(number);
  }
  return withGaps;
}

interface PagerProps {
  list: PagedList;
  pagination: { page: number; pages: number; total: number } | undefined;
  /** Singular and plural, e.g. ['testimonial', 'testimonials'], or one word for both. */
  noun: string | [string, string];
  label: string;
}

/** First / previous / numbers / next / last, with the total; a page past the end goes to the last. */
export function ListPager({ list, pagination, noun, label }: PagerProps) {
  const pages = pagination?.pages ?? 1;
  const total = pagination?.total ?? 0;
  const { page, setPage } = list;
  useEffect(() => {
    // e.g. the last item of the last page was deleted, or an old link: show the last page instead.
    if (pagination && page > pages) setPage(pages, { replace: true });
  }, [pagination, page, pages, setPage]);
  if (!pagination) return null;
  const go = (target: number) => () => setPage(target);
  return (
    <nav className="list-pager" aria-label={label}>
      <p className="section-count" aria-live="polite">
        {total} {typeof noun === 'string' ? noun : noun[total === 1 ? 0 : 1]}
        {pages > 1 && ` · page ${Math.min(page, pages)} of ${pages}`}
      </p>
      {pages > 1 && (
        <ButtonGroup>
          <Button icon="double-chevron-left" aria-label="First page" disabled={page <= 1} onClick={go(1)} />
          <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={go(page - 1)} />
          {pageNumbers(page, pages).map((number, index) =>
            number === null ? (
              <Button key={`gap-${index}`} text="…" disabled aria-hidden tabIndex={-1} />
            ) : (
              <Button
                key={number}
                text={number}
                active={number === page}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                onClick={go(number)}
              />
            ),
          )}
          <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={go(page + 1)} />
          <Button icon="double-chevron-right" aria-label="Last page" disabled={page >= pages} onClick={go(pages)} />
        </ButtonGroup>
      )}
    </nav>
  );
}
