import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO, beneficiario } from '../../shared/resources/pessoas';
import { formatDocument } from '../../shared/validation/br';
import { api } from '../api/client';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import type { ScreenProps } from '../screens/types';
import { pessoasApi, pessoasKeys } from './api';
import { Ficha, dataBr } from './Ficha';
import './pessoas.css';
import RegistroBeneficiario from './RegistroBeneficiario';
import { go } from '../workspace/store';

interface Encontrado {
  id: number;
  nome: string;
  matricula: string;
  carteirinha: string;
  cpf: string | null;
  dataNascimento: string;
  relacaoDependencia: string;
  situacao: string;
}
const rotulo = (list: readonly (readonly [string, string])[], v: string) => list.find(([k]) => k === v)?.[1] ?? v;

/**
 * Spec §2.1 /cadastro/beneficiarios/consulta: a read-only lookup (ombudsman, auditors) by name, CPF, card or
 * matrícula — autocomplete answered by the server (500 ms, 2 characters) — with the record and the family.
 */
export default function ConsultaBeneficiario({ command, search }: ScreenProps) {
  // `?ver=N`: the beneficiary's whole record, read-only (where the palette's @ and "Abrir beneficiário" open one)
  const ver = Number(new URLSearchParams(search).get('ver')) || null;
  if (ver) return <RegistroBeneficiario def={beneficiario} id={ver} onEdit={() => go(`/cadastro/pessoa/beneficiarios?ver=${ver}&id=${ver}`, { newTab: true })} onClose={() => go(command.path, { replace: true })} closeLabel="Nova consulta" />;
  return <Consulta command={command} />;
}

function Consulta({ command }: Pick<ScreenProps, 'command'>) {
  const [escolhido, setEscolhido] = useState<Option | null>(null);
  const registro = useQuery({ queryKey: pessoasKeys.beneficiario(escolhido?.id ?? 0), queryFn: () => pessoasApi.beneficiario(escolhido!.id), enabled: !!escolhido });
  const familia = useQuery({ queryKey: pessoasKeys.familia(escolhido?.id ?? 0), queryFn: () => pessoasApi.familia(escolhido!.id), enabled: !!escolhido });
  return (
    <div className="pessoa-tela">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Digite o nome, o CPF, a carteirinha ou a matrícula do beneficiário.</p>
      <div className="field" style={{ maxWidth: 560 }}>
        <label htmlFor="consulta-termo">Beneficiário</label>
        <Autocomplete
          id="consulta-termo"
          queryKey={['pessoas', 'consulta']}
          search={async (termo) =>
            (await api.get<Encontrado[]>(`/beneficiarios/consulta?termo=${encodeURIComponent(termo)}`, { quiet: true })).map((b) => ({
              id: b.id,
              label: b.nome,
              detail: [`Matrícula ${b.matricula}`, b.cpf ? `CPF ${formatDocument('cpf', b.cpf)}` : '', `Nasc. ${dataBr(b.dataNascimento)}`, rotulo(RELACOES_DEPENDENCIA, b.relacaoDependencia), rotulo(SITUACOES_BENEFICIARIO, b.situacao)]
                .filter(Boolean)
                .join(' · '),
            }))
          }
          value={escolhido}
          onChange={setEscolhido}
          placeholder="Nome, CPF, carteirinha ou matrícula"
        />
      </div>
      {registro.data && (
        <Ficha
          def={beneficiario}
          row={registro.data}
          extra={
            (familia.data?.length ?? 0) > 1 && (
              <section className="ficha-secao">
                <h2>Grupo familiar</h2>
                <table className="tabela-simples">
                  <tbody>
                    {familia.data!.map((m) => (
                      <tr key={m.id} aria-current={m.id === registro.data!.id ? 'true' : undefined}>
                        <td>
                          <button type="button" className="btn btn-ghost" onClick={() => setEscolhido({ id: m.id, label: m.nome })}>
                            {m.nome}
                          </button>
                        </td>
                        <td>{rotulo(RELACOES_DEPENDENCIA, m.relacaoDependencia)}</td>
                        <td>{m.matricula}</td>
                        <td>{rotulo(SITUACOES_BENEFICIARIO, m.situacao)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )
          }
        />
      )}
    </div>
  );
}
