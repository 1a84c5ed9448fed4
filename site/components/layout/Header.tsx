import { HEADER_SHADOW_THRESHOLD_PX } from '@npo/shared';
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useAuth } from '../../lib/auth';
import { navigate, scrollToSection } from '../../lib/navigation';
import { CloseIcon, MenuIcon } from '../icons';
import { Logo } from './Logo';
import { HOME_SECTIONS } from './sections';

// Only a logged-in member sees the menu, and never in the server's HTML: it loads when needed.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Header({ organisationName }: { organisationName: string }) {
  const { urlPathname } = usePageContext();
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast(HEADER_SHADOW_THRESHOLD_PX);

  // Another page: the menu closes, while rendering rather than after.
  const [menuPath, setMenuPath] = useState(urlPathname);
  if (menuPath !== urlPathname) {
    setMenuPath(urlPathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
    setMenuOpen(false);
    // On the home page the section is right here; elsewhere the link loads / and lands on it.
    if (urlPathname === '/' && scrollToSection(id)) event.preventDefault();
  }

  function logout() {
    auth.logout();
    setMenuOpen(false);
    void navigate('/');
  }

  return (
    <header className="site-header" data-scrolled={scrolled}>
      <div className="container site-header__bar">
        <Logo name={organisationName} />
        <nav id="site-nav" className="site-nav" data-open={menuOpen} aria-label="Main">
          <ul className="site-nav__list">
            {HOME_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`/#${section.id}`}
                  className="site-nav__link"
                  onClick={(event) => goToSection(event, section.id)}
                >
                  {section.label}
                </a>
              </li>
            ))}
            {/* A page of its own, after the home page's anchors (issue 57). */}
            <li>
              <a
                href="/directory"
                className="site-nav__link"
                aria-current={urlPathname.startsWith('/directory') ? 'page' : undefined}
              >
                Directory
              </a>
            </li>
          </ul>
          {!auth.isAuthenticated && (
            <a href="/join-us" className="button button--primary button--small site-nav__cta">
              Join Us
            </a>
          )}
        </nav>
        <div className="site-header__actions">
          {auth.isAuthenticated ? (
            <Suspense fallback={<span className="avatar" aria-hidden="true" />}>
              <UserMenu user={auth.user} onLogout={logout} />
            </Suspense>
          ) : (
            <a href="/login" className="site-header__login">
              Login
            </a>
          )}
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>
      </div>
    </header>
  );
}
