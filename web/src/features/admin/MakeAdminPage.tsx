import { makeAdminSchema } from '@toolforge/contracts';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useOpenedForm } from '../../components/forms/useOpenedForm';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { adminFormsOpened, adminGrantRequested, selectAdmin } from './adminSlice';
import { adminGrantedText } from './adminSaga';

/** Make Admin: grant the admin role to an existing account by its email (docs/architecture.md#5-identity-and-roles). */
export default function MakeAdminPage() {
  const [dispatch, { makeAdmin }] = useOpenedForm(selectAdmin, adminFormsOpened);
  const { register, handleSubmit, errors } = useSchemaForm(makeAdminSchema);

  return (
    <div className="dashboard-panel">
      <h2>Make Admin</h2>
      <p>An admin manages the catalogue and sees every order. The account must already be registered.</p>
      <form className="inline-form" noValidate onSubmit={onSubmit(handleSubmit((form) => dispatch(adminGrantRequested(form))))}>
        <TextField label="Email of the account" type="email" error={errors.email?.message} {...register('email')} />
        <button type="submit" className="button button--primary" disabled={makeAdmin.pending}>
          Make Admin
        </button>
      </form>
      {makeAdmin.granted && <FormMessage kind="success">{adminGrantedText(makeAdmin.granted)}</FormMessage>}
      <FormMessage kind="error">{makeAdmin.error}</FormMessage>
    </div>
  );
}
