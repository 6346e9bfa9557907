import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsCustomer } from '../auth/selectors';
import { useCartQuery } from './cartApi';
import { cartLinkLabel } from './cartTexts';

/** The navigation bar's cart, with how many lines it holds, for a signed-in customer. */
export function CartLink({ onClick }: { onClick: () => void }) {
  const customer = useAppSelector(selectIsCustomer);
  const cart = useCartQuery(undefined, { skip: !customer });
  if (!customer) return null;
  const lines = cart.data?.lines.length;
  return (
    <li>
      <NavLink to="/cart" onClick={onClick} className="nav-cart" aria-label={cartLinkLabel(lines)}>
        Cart
        {lines !== undefined && (
          <span className="cart-count" aria-hidden="true">
            {lines}
          </span>
        )}
      </NavLink>
    </li>
  );
}
