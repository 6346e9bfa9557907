import type { RootState } from '../../app/store';

export const selectAuth = (state: RootState) => state.auth;
export const selectUser = (state: RootState) => state.auth.user;
export const selectSession = (state: RootState) => state.auth.session;
export const selectAccessToken = (state: RootState) => state.auth.session?.accessToken ?? null;
/** Admin is the server's word (the API token's admin claim), never the display-name rule. */
export const selectIsAdmin = (state: RootState) => state.auth.session?.user.admin === true;
export const selectDisplayName = (state: RootState) =>
  state.auth.session?.user.name || state.auth.user?.displayName || state.auth.user?.email || '';
export const selectDashboardPath = (state: RootState) => (selectIsAdmin(state) ? '/admindashboard' : '/userdashboard');
/** A signed-in customer, once the shop has acknowledged the sign-in: who has a cart. */
export const selectIsCustomer = (state: RootState) => state.auth.session !== null && !selectIsAdmin(state);
