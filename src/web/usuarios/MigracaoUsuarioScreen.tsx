import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MIGRACAO_MSG, MIGRACAO_NOTAS, migracaoPreviaSchema, resumoMigracao, type MigracaoPrevia } from '../../shared/usuarios/migracao';
import { ApiError } from '../api/client';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { ConfirmDialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { Field, FormSection } from '../workflow/RecordForm';
import type { FormErrors } from '../workflow/useRecordForm';
import { acessoApi } from './api';
import { UsuarioPicker, type UsuarioOpcao } from './UsuarioPicker';
import './usuarios.css';

/** The counts of a preview (or of what moved), one line each. */
function Quadro({ p, titulo }: { p: MigracaoPrevia; titulo: string }) {
  return (
    <section className="migracao-quadro" aria-label={titulo} data-testid="migracao-quadro">
      <h2>{titulo}</h2>
      <table className="migracao-tabela">
        <tbody>
          <tr>
            <th scope="row">Perfis</th>
            <td data-testid="migra-perfis">
              {p.perfis.length ? (
                <span className="lista-chips">
                  {p.perfis.map((x) => (
                    <Chip key={x.nome} tone={x.jaTem ? 'muted' : 'info'}>
                      {x.nome}
                      {x.jaTem ? ' (o destino já tem)' : ''}
                    </Chip>
                  ))}
                </span>
              ) : (
                'Nenhum'
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">Atendimentos em andamento</th>
            <td data-testid="migra-atendimentos">{p.atendimentos}</td>
          </tr>
          <tr>
            <th scope="row">Processos agendados</th>
            <td data-testid="migra-agendamentos">{p.agendamentos}</td>
          </tr>
        </tbody>
      </table>
      {p.avisos.map((a) => (
        <p key={a} className="fluxo-dica">
          {a}
        </p>
      ))}
    </section>
  );
}

/**
 * Migração de Usuário: a user's profiles and open work (contacts in progress, scheduled processes) go to another user,
 * after a preview of what moves and a confirmation; optionally the source is blocked. Only administrators migrate;
 * the trail keeps what moved.
 */
export default function MigracaoUsuarioScreen(_: ScreenProps) {
  const qc = useQueryClient();
  const [origem, setOrigem] = useState<UsuarioOpcao | null>(null);
  const [destino, setDestino] = useState<UsuarioOpcao | null>(null);
  const [bloquear, setBloquear] = useState(false);
  const [previa, setPrevia] = useState<MigracaoPrevia | null>(null);
  const [feito, setFeito] = useState<MigracaoPrevia | null>(null);
  const [erros, setErros] = useState<FormErrors>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [confirma, setConfirma] = useState(false);

  const falha = (err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    const campos = err.fieldErrors();
    if (Object.keys(campos).length) setErros(campos);
    else setGeral(err.message);
  };

  async function verPrevia() {
    setGeral(null);
    setFeito(null);
    const r = migracaoPreviaSchema.safeParse({ origemId: origem?.id, destinoId: destino?.id });
    if (!r.success) {
      const e: FormErrors = {};
      for (const i of r.error.issues) e[String(i.path[0])] ??= i.message;
      return setErros(e);
    }
    setOcupado(true);
    try {
      setPrevia(await acessoApi.previaMigracao(r.data.origemId, r.data.destinoId));
    } catch (err) {
      falha(err);
    } finally {
      setOcupado(false);
    }
  }

  async function migrar() {
    if (!previa) return;
    setOcupado(true);
    setGeral(null);
    try {
      const r = await acessoApi.migrar({ origemId: previa.origem.id, destinoId: previa.destino.id, bloquearOrigem: bloquear });
      showAlerts([{ type: 'success', value: MIGRACAO_MSG.migrado(r.origem.login, r.destino.login, resumoMigracao(r), r.bloqueado) }]);
      setFeito(r);
      setPrevia(null);
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (err) {
      falha(err);
    } finally {
      setOcupado(false);
    }
  }

  const troca = (set: (o: UsuarioOpcao | null) => void, k: string) => (o: UsuarioOpcao | null) => {
    set(o);
    setPrevia(null);
    setErros(({ [k]: _, ...e }) => e);
  };

  return (
    <div className="fluxo-form card" data-testid="migracao">
      <h1 className="page-title">Migração de Usuário</h1>
      <p className="page-sub">Passa os perfis e o trabalho em aberto de um usuário para outro, depois de mostrar o que muda. Tudo fica na trilha de auditoria.</p>
      <FormSection legend="De quem para quem">
        <Field k="origemId" label="Usuário de origem *" erros={erros} prefix="migra">
          <UsuarioPicker id="migra-origemId" value={origem} invalid={!!erros.origemId} onChange={troca(setOrigem, 'origemId')} />
        </Field>
        <Field k="destinoId" label="Usuário de destino *" erros={erros} prefix="migra">
          <UsuarioPicker id="migra-destinoId" value={destino} invalid={!!erros.destinoId} onChange={troca(setDestino, 'destinoId')} />
        </Field>
      </FormSection>
      <div className="fluxo-rodape">
        <button type="button" className="btn" disabled={ocupado} onClick={() => void verPrevia()}>
          Ver o que será migrado
        </button>
      </div>
      {previa && (
        <>
          <Quadro p={previa} titulo={`O que passa de ${previa.origem.login} para ${previa.destino.login}`} />
          <label className="migracao-bloquear" data-campo="bloquearOrigem">
            <input type="checkbox" checked={bloquear} onChange={(e) => setBloquear(e.target.checked)} /> Bloquear {previa.origem.login} depois da migração (as sessões dele terminam)
          </label>
          {erros.bloquearOrigem && (
            <p className="field-error" role="alert">
              {erros.bloquearOrigem}
            </p>
          )}
          <div className="fluxo-rodape">
            <button type="button" className="btn btn-primary" disabled={ocupado} onClick={() => setConfirma(true)}>
              Migrar
            </button>
          </div>
        </>
      )}
      {feito && <Quadro p={feito} titulo={`Migrado de ${feito.origem.login} para ${feito.destino.login}`} />}
      {geral && (
        <p role="alert" className="fluxo-erro">
          {geral}
        </p>
      )}
      <details className="migracao-notas">
        <summary>O que não é migrado</summary>
        <ul>
          {MIGRACAO_NOTAS.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </details>
      {confirma && previa && (
        <ConfirmDialog
          title="Migrar usuário"
          message={`Migrar de ${previa.origem.login} para ${previa.destino.login}: ${resumoMigracao(previa)}?${bloquear ? ` ${previa.origem.login} será bloqueado.` : ''}`}
          onNo={() => setConfirma(false)}
          onYes={() => {
            setConfirma(false);
            void migrar();
          }}
        />
      )}
    </div>
  );
}
