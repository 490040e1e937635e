import { useAtomValue } from 'jotai';
import { ROLE_FLAGS, ROLE_LABELS } from '../../shared/roles';
import { clientAtom, userAtom } from '../session/store';

/** Account configuration: who I am, my profiles and my permissions. */
export function AccountPage() {
  const user = useAtomValue(userAtom);
  const client = useAtomValue(clientAtom);
  if (!user) return null;
  return (
    <div className="card">
      <h1 className="page-title">Configuração da conta</h1>
      <dl className="props" style={{ marginTop: 14 }}>
        <dt>Login</dt>
        <dd>{user.principal}</dd>
        <dt>Nome</dt>
        <dd>{user.nome}</dd>
        <dt>Perfis</dt>
        <dd>{ROLE_FLAGS.filter((r) => user[r]).map((r) => ROLE_LABELS[r]).join(', ')}</dd>
        <dt>Operadora</dt>
        <dd>{client?.nome}</dd>
        <dt>Regra de senha</dt>
        <dd>{user.grupoValidaSenha ? 'Senha forte (6 a 25 caracteres, com maiúscula, minúscula, número e especial)' : 'Senha simples (5 a 26 caracteres)'}</dd>
        <dt>Permissões</dt>
        <dd>{user.permissions.length}</dd>
      </dl>
    </div>
  );
}
