import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { formatDocument } from '../../shared/validation/br';
import { defineRecordActions, useRecordActions } from '../records/actions';
import { resourceApi } from '../resources/api';
import type { RecordViewProps } from '../resources/recordViews';
import { useTabId } from '../workspace/hooks';
import { tabActions } from '../workspace/store';
import { Ficha } from './Ficha';
import './pessoas.css';

/** The actions on a provider's record (the view's buttons and the palette's `>`). */
export const ACOES_PRESTADOR = defineRecordActions<{ id: number }>([
  { id: 'editar', label: 'Editar', title: 'Editar este prestador', icon: 'stethoscope', keywords: ['alterar', 'cadastro'], hotkey: { keys: 'alt+e', label: 'Alt+E' }, can: ['update', 'prestador'], tone: 'primary' },
]);

export const prestadorKey = (id: number) => ['pessoas', 'prestador-registro', id] as const;

/** A provider's record, read-only (the registry's `?ver=`, where the palette's `@` opens one), with Editar. */
export default function RegistroPrestador({ def, id, onEdit, onClose, closeLabel = 'Lista' }: RecordViewProps) {
  const tabId = useTabId();
  const q = useQuery({ queryKey: prestadorKey(id), queryFn: () => resourceApi.get(def, id) });
  const reg = q.data;
  const nome = reg ? String(reg.nome ?? '') : '';
  const record = useMemo(() => (reg ? { label: nome, ctx: { id } } : null), [reg, nome, id]);
  const handlers = useMemo(() => ({ editar: onEdit }), [onEdit]);
  const actions = useRecordActions('Registro do prestador', ACOES_PRESTADOR, record, handlers);
  useEffect(() => {
    if (tabId && nome) tabActions.setLabel(tabId, nome);
  }, [tabId, nome]);
  if (q.isLoading) return <p className="splash">Carregando…</p>;
  if (q.isError || !reg) return <p role="alert">{(q.error as Error | null)?.message ?? 'Prestador não encontrado.'}</p>;
  const doc = reg.cnpj ? `CNPJ ${formatDocument('cnpj', String(reg.cnpj))}` : reg.cpf ? `CPF ${formatDocument('cpf', String(reg.cpf))}` : '';
  return (
    <div className="registro" data-testid="registro-prestador" data-id={id}>
      <header className="registro-cab">
        <div>
          <h1 className="page-title">{nome}</h1>
          <p className="page-sub">{[`código ${String(reg.codigo ?? '')}`, doc].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="registro-acoes" role="toolbar" aria-label="Ações do prestador">
          <button type="button" className="btn" onClick={onClose}>
            {closeLabel}
          </button>
          {actions.map((a) => (
            <button key={a.id} type="button" className={`btn${a.tone === 'primary' ? ' btn-primary' : ''}`} disabled={!a.enabled} onClick={a.run} data-acao={a.id}>
              {a.label}
              {a.hotkey && <kbd>{a.hotkey}</kbd>}
            </button>
          ))}
        </div>
      </header>
      <Ficha def={def} row={reg} />
    </div>
  );
}
