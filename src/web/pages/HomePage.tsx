import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { registry } from '../../../commands';
import type { Aviso } from '../../shared/api';
import { api } from '../api/client';
import { userAtom } from '../session/store';
import { FilteredTiles } from '../shell/FilteredTiles';
import { AvisoTexto } from './AvisoTexto';

export const avisosQuery = { queryKey: ['avisos', 'inicio'], queryFn: () => api.get<Aviso[]>('/avisos/inicio') };

/** The tile home: notices, the registration reminder for beneficiaries, and the top-level groups. */
export function HomePage() {
  const user = useAtomValue(userAtom);
  const avisos = useQuery(avisosQuery);
  const isBenef = !!(user?.beneficiario || user?.dependente);
  const cadastro = useQuery({
    queryKey: ['beneficiario', 'requer-atualizacao'],
    queryFn: () => api.get<{ requerAtualizacao: boolean; motivos: string[] }>('/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral'),
    enabled: isBenef,
  });
  return (
    <>
      <h1 className="page-title">Olá, {user?.nome.split(' ')[0]}</h1>
      <p className="page-sub">O que você precisa hoje? Escolha um grupo abaixo ou pressione Ctrl+K para ir direto a qualquer tela.</p>
      <div className="notices">
        {cadastro.data?.requerAtualizacao && (
          <div className="notice warning" role="status" data-testid="aviso-atualizacao-cadastral">
            <strong>Atualize seu cadastro</strong>
            Encontramos pendências no seu cadastro ({cadastro.data.motivos.join(', ')}).{' '}
            <Link href="/cadastro/beneficiarios/atualizacao-cadastral">Atualizar agora</Link>
          </div>
        )}
        {avisos.data?.map((a) => (
          <div key={a.id} className={`notice ${a.tipo}`} data-testid="aviso" data-prioridade={a.prioridade}>
            <strong>{a.titulo}</strong>
            <AvisoTexto html={a.mensagem} />
          </div>
        ))}
      </div>
      <FilteredTiles folder={registry.root} />
    </>
  );
}

export function NoticesPage() {
  const avisos = useQuery(avisosQuery);
  return (
    <>
      <h1 className="page-title">Avisos</h1>
      <p className="page-sub">Comunicados da operadora em vigor.</p>
      {avisos.data?.length === 0 && <p>Nenhum aviso no momento.</p>}
      <div className="notices">
        {avisos.data?.map((a) => (
          <div key={a.id} className={`notice ${a.tipo}`} data-testid="aviso" data-prioridade={a.prioridade}>
            <strong>{a.titulo}</strong>
            <AvisoTexto html={a.mensagem} />
          </div>
        ))}
      </div>
    </>
  );
}
