import { useState, type FormEvent } from 'react';
import { applyMask } from '../../shared/resources/masks';
import { MOTIVOS_CANCELAMENTO, RELACOES_DEPENDENCIA, SEXOS, SITUACOES_BENEFICIARIO } from '../../shared/resources/pessoas';
import { formatDocument } from '../../shared/validation/br';
import { ApiError, api } from '../api/client';
import type { ScreenProps } from '../screens/types';
import { dataBr } from './Ficha';
import './pessoas.css';

type Linha = Record<string, string | number | boolean | null>;
const rotulo = (list: readonly (readonly [string, string])[], v: unknown) => list.find(([k]) => k === v)?.[1] ?? String(v ?? '');
const CAMPOS = [
  ['cco', 'CCO', '############'],
  ['cpf', 'CPF', '###.###.###-##'],
  ['cns', 'CNS', '### #### #### ####'],
  ['nome', 'Nome (início)', ''],
  ['dataNascimento', 'Data de nascimento', '##/##/####'],
  ['nomeMae', 'Nome da mãe (início)', ''],
] as const;

/**
 * Spec §2.1 hidden /cadastro/pessoa/beneficiarios/busca/sib: find beneficiaries by the fields of the regulator's
 * SIB (CCO, CPF, CNS, name, birth date, mother's name) and read them as SIB carries them (DOMAIN §3).
 */
export default function BuscaSib({ command }: ScreenProps) {
  const [valores, setValores] = useState<Record<string, string>>({});
  const [linhas, setLinhas] = useState<Linha[] | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  async function buscar(e: FormEvent) {
    e.preventDefault();
    setErros({});
    const q = new URLSearchParams(Object.entries(valores).filter(([, v]) => v.trim()));
    try {
      setLinhas(await api.get<Linha[]>(`/beneficiarios/busca/sib?${q}`, { quiet: true }));
    } catch (err) {
      if (err instanceof ApiError) setErros({ ...err.fieldErrors(), ...(Object.keys(err.fieldErrors()).length ? {} : { geral: err.message }) });
    }
  }
  return (
    <div className="pessoa-tela">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Dados como o SIB da ANS os recebe: CCO, relação de dependência, plano, contratação e cancelamento.</p>
      <form className="ficha-secao form-linha" onSubmit={buscar} noValidate role="search" aria-label="Buscar no SIB">
        {CAMPOS.map(([k, label, mask]) => (
          <div className="field" key={k}>
            <label htmlFor={`sib-${k}`}>{label}</label>
            <input
              id={`sib-${k}`}
              value={valores[k] ?? ''}
              aria-invalid={!!erros[k] || undefined}
              onChange={(e) => setValores((v) => ({ ...v, [k]: mask ? applyMask(mask, e.target.value) : e.target.value }))}
            />
            {erros[k] && <p className="field-error">{erros[k]}</p>}
          </div>
        ))}
        <div className="field" style={{ justifyContent: 'flex-end', alignItems: 'flex-start' }}>
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
        {erros.geral && <p className="field-error wide">{erros.geral}</p>}
      </form>
      {linhas && (
        <div className="ficha-secao" style={{ overflowX: 'auto', marginTop: 14 }}>
          {!linhas.length ? (
            <p>Nenhum beneficiário encontrado.</p>
          ) : (
            <table className="tabela-simples" data-testid="sib-resultado">
              <thead>
                <tr>
                  {['CCO', 'Código', 'Nome', 'CPF', 'CNS', 'Sexo', 'Nascimento', 'Mãe', 'Relação', 'CCO titular', 'Plano ANS', 'Contratação', 'CNPJ contratante', 'CPT', 'Situação', 'Cancelamento', 'Município'].map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {linhas.map((l) => (
                  <tr key={String(l.id)}>
                    <td>{l.cco}</td>
                    <td>{l.codigoBeneficiario}</td>
                    <td>{l.nome}</td>
                    <td>{formatDocument('cpf', l.cpf as string)}</td>
                    <td>{formatDocument('cns', l.cns as string)}</td>
                    <td>{rotulo(SEXOS, l.sexo)}</td>
                    <td>{dataBr(l.dataNascimento as string)}</td>
                    <td>{l.nomeMae}</td>
                    <td>
                      {l.relacaoDependencia} - {rotulo(RELACOES_DEPENDENCIA, l.relacaoDependencia)}
                    </td>
                    <td>{l.ccoBeneficiarioTitular}</td>
                    <td>{l.numeroPlanoANS}</td>
                    <td>{dataBr(l.dataContratacao as string)}</td>
                    <td>{formatDocument('cnpj', l.cnpjEmpresaContratante as string)}</td>
                    <td>{l.coberturaParcialTemporaria ? 'Sim' : 'Não'}</td>
                    <td>{rotulo(SITUACOES_BENEFICIARIO, l.situacao)}</td>
                    <td>{l.motivoCancelamento ? `${dataBr(l.dataCancelamento as string)} · ${l.motivoCancelamento} - ${rotulo(MOTIVOS_CANCELAMENTO, l.motivoCancelamento)}` : ''}</td>
                    <td>{l.codigoMunicipio}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
