import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logoutRequested } from '../../features/auth/authSlice';
import { CartLink } from '../../features/cart/CartLink';
import { selectDashboardPath, selectDisplayName } from '../../features/auth/selectors';

/** Sticky navigation; below the tablet width the links fold into a menu button (docs/architecture.md#9-the-products-rules). */
export function NavBar() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const displayName = useAppSelector(selectDisplayName);
  const dashboardPath = useAppSelector(selectDashboardPath);
  const hasSession = useAppSelector((state) => state.auth.session !== null);
  const loggingOut = useAppSelector((state) => state.auth.flow === 'logout');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Main">
        <Link to="/" className="brand" onClick={close}>
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span>ToolForge</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="menu-bars" aria-hidden="true" />
        </button>
        <ul id="main-menu" className={open ? 'nav-links open' : 'nav-links'}>
          <li>
            <NavLink to="/about" onClick={close}>
              About
            </NavLink>
          </li>
          <li>
            <NavLink to="/blog" onClick={close}>
              Blog
            </NavLink>
          </li>
          {signedIn ? (
            <>
              <li className="nav-user">
                <span className="visually-hidden">Signed in as </span>
                <span>{displayName}</span>
              </li>
              {/* The role behind Dashboard is the shop's word: no link until the sign-in is acknowledged. */}
              {hasSession && (
                <li>
                  <NavLink to={dashboardPath} onClick={close}>
                    Dashboard
                  </NavLink>
                </li>
              )}
              <CartLink onClick={close} />
              <li>
                <button
                  type="button"
                  className="nav-button"
                  disabled={loggingOut}
                  onClick={() => {
                    close();
                    dispatch(logoutRequested());
                  }}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/login" onClick={close} className="nav-login">
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
