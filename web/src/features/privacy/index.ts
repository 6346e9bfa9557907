import { defineFeature } from '../../app/shopFeature';
import { privacySaga } from './privacySaga';
import { privacyReducer } from './privacySlice';

/**
 * The customer's rights over their data (docs/privacy.md): saving everything the shop holds about
 * them, and erasing their account. No pages of its own: its section sits in My Profile.
 */
export const privacyFeature = defineFeature({
  reducers: { privacy: privacyReducer },
  saga: privacySaga,
});
