import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { passwordDialogOpenAtom } from './actions';
import { userAtom } from './store';

// The form (react-hook-form and the zod rules) loads only when the dialog opens: not part of the first bundle.
const PasswordForm = lazy(() => import('./PasswordForm'));

/** Spec §5 password change; when the password has expired it cannot be dismissed. */
export function PasswordDialog() {
  const user = useAtomValue(userAtom);
  const [open, setOpen] = useAtom(passwordDialogOpenAtom);
  if (!user || !(user.senhaExpirada || open)) return null;
  return (
    <Suspense fallback={null}>
      <PasswordForm key={user.principal} login={user.principal} forte={user.grupoValidaSenha} forced={user.senhaExpirada} onDone={() => setOpen(false)} />
    </Suspense>
  );
}
