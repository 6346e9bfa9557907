import { useCallback, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EraseAccountDialog } from './EraseAccountDialog';
import { DOWNLOAD_MY_DATA, ERASE_GOOGLE_ACCOUNT, ERASE_MY_ACCOUNT, YOUR_DATA, YOUR_DATA_INTRO } from './privacyTexts';
import { myDataDownloadRequested, selectMyDataDownloading } from './privacySlice';

/** An account the provider lists no method for signs in with e-mail and password, as My Profile says. */
const signsInWithPassword = (providerIds: readonly string[]) => providerIds.length === 0 || providerIds.includes('password');

/** My Profile's "Your data": save the data export, or erase the account behind a dialog. */
export function YourData({ providerIds }: { providerIds: readonly string[] }) {
  const dispatch = useAppDispatch();
  const downloading = useAppSelector(selectMyDataDownloading);
  const [erasing, setErasing] = useState(false);
  const close = useCallback(() => setErasing(false), []);
  const headingId = useId();
  return (
    <section className="your-data" aria-labelledby={headingId}>
      <h3 id={headingId}>{YOUR_DATA}</h3>
      <p>{YOUR_DATA_INTRO}</p>
      <div className="row-actions">
        <button type="button" className="button" disabled={downloading} onClick={() => dispatch(myDataDownloadRequested())}>
          {DOWNLOAD_MY_DATA}
        </button>
        {signsInWithPassword(providerIds) && (
          <button type="button" className="button button--danger" onClick={() => setErasing(true)}>
            {ERASE_MY_ACCOUNT}
          </button>
        )}
      </div>
      {!signsInWithPassword(providerIds) && <p>{ERASE_GOOGLE_ACCOUNT}</p>}
      {erasing && <EraseAccountDialog onClose={close} />}
    </section>
  );
}
