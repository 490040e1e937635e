import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { registry } from '../../../commands';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO, beneficiario } from '../../shared/resources/pessoas';
import { useVisibility } from '../session/useVisibility';
import type { ScreenProps } from '../screens/types';
import { pessoasApi, pessoasKeys } from './api';
import { Ficha, dataBr } from './Ficha';
import './pessoas.css';

const rotulo = (list: readonly (readonly [string, string])[], v: string) => list.find(([k]) => k === v)?.[1] ?? v;

/** Spec §2.1 /cadastro/beneficiarios: the logged-in beneficiary's own record, the family, and what to do next. */
export default function MeuCadastroBeneficiario({ command }: ScreenProps) {
  const q = useQuery({ queryKey: pessoasKeys.logado, queryFn: pessoasApi.logado });
  const { visible } = useVisibility();
  const podeAtualizar = visible(registry.match('/cadastro/beneficiarios/atualizacao-cadastral')!);
  const podeCartao = visible(registry.match('/cadastro/beneficiarios/cartaovirtual')!);
  if (q.isLoading) return <p className="splash">Carregando…</p>;
  if (!q.data) return <p className="card">Não foi possível carregar o seu cadastro.</p>;
  const { registro: r, familia, pendentes } = q.data;
  return (
    <div className="pessoa-tela" data-testid="meu-cadastro">
      <div className="pessoa-topo">
        <div>
          <h1 className="page-title">{command.title}</h1>
          <p className="page-sub">
            {String(r.nomeSocial || r.nome)} · matrícula {String(r.matricula)} · {rotulo(SITUACOES_BENEFICIARIO, String(r.situacao))}
          </p>
        </div>
        <div className="pessoa-acoes">
          {podeCartao && (
            <Link className="btn" href="/cadastro/beneficiarios/cartaovirtual">
              Cartão virtual
            </Link>
          )}
          {podeAtualizar && (
            <Link className="btn btn-primary" href="/cadastro/beneficiarios/atualizacao-cadastral">
              Atualizar meus dados
            </Link>
          )}
        </div>
      </div>
      {pendentes.length > 0 && (
        <div className="notice info" role="status">
          <strong>Atualização em análise</strong>
          Sua solicitação (protocolo {pendentes.map((p) => p.protocolo).join(', ')}) está com a operadora. Os dados abaixo mudam quando ela for aprovada.
        </div>
      )}
      <Ficha def={beneficiario} row={r} />
      {familia.length > 1 && (
        <section className="ficha-secao">
          <h2>Grupo familiar</h2>
          <table className="tabela-simples tabela-celular">
            <thead>
              <tr>
                <th>Nome</th>
                <th>Relação</th>
                <th>Matrícula</th>
                <th>Nascimento</th>
                <th>Situação</th>
              </tr>
            </thead>
            <tbody>
              {familia.map((m) => (
                <tr key={m.id} aria-current={m.id === r.id ? 'true' : undefined}>
                  <td data-label="Nome">{m.nome}</td>
                  <td data-label="Relação">{rotulo(RELACOES_DEPENDENCIA, m.relacaoDependencia)}</td>
                  <td data-label="Matrícula">{m.matricula}</td>
                  <td data-label="Nascimento">{dataBr(m.dataNascimento)}</td>
                  <td data-label="Situação">{rotulo(SITUACOES_BENEFICIARIO, m.situacao)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
