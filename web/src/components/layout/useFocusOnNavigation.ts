import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The heading that names what the page shows: a dashboard's panel (its h2, below the dashboard's
 * own h1), else the page's h1.
 */
function pageHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('.dashboard-content h2') ?? main.querySelector<HTMLElement>('h1');
}

function focusHeading(main: HTMLElement): boolean {
  const heading = pageHeading(main);
  if (!heading) return false;
  heading.tabIndex = -1;
  // Scrolling stays with ScrollRestoration.
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a move to another page (not on the first load, and not when only the query changes, as
 * the catalogue's search does while the customer types) focus goes to the new page's heading: a
 * keyboard user goes on from there, not from the link that is gone, and a screen reader says where
 * the user is. A page that loads its data first gets its heading later: it is focused when it appears.
 */
export function useFocusOnNavigation(mainId: string) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById(mainId);
    if (!main || focusHeading(main)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainId]);
}
