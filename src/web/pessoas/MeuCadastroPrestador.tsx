import { useQuery } from '@tanstack/react-query';
import { prestador } from '../../shared/resources/pessoas';
import type { ScreenProps } from '../screens/types';
import { pessoasApi, pessoasKeys } from './api';
import { Ficha } from './Ficha';
import './pessoas.css';

/** Spec §2.1 /cadastro/prestadores: the logged-in provider's own record (read-only; changes go through the operator). */
export default function MeuCadastroPrestador({ command }: ScreenProps) {
  const q = useQuery({ queryKey: pessoasKeys.prestadorLogado, queryFn: pessoasApi.prestadorLogado });
  if (q.isLoading) return <p className="splash">Carregando…</p>;
  if (!q.data) return <p className="card">Não foi possível carregar o cadastro do prestador.</p>;
  const r = q.data;
  return (
    <div className="pessoa-tela" data-testid="meu-cadastro-prestador">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">
        {String(r.nome)} · código {String(r.codigo)}. Para alterar algum dado, fale com o setor de credenciamento da operadora.
      </p>
      <Ficha def={prestador} row={r} />
    </div>
  );
}
