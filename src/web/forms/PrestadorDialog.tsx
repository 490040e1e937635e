import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrestadorBusca } from '../../shared/api';
import { CONSTANTS } from '../../shared/constants';
import { prestadorEscolhaSchema } from '../../shared/pessoas';
import { formatDocument } from '../../shared/validation/br';
import { api } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { useDebounced } from './useDebounced';

interface Props {
  onClose(): void;
  onChoose(p: PrestadorBusca): void;
  /** Only providers valid on this date (YYYY-MM-DD), spec §7 `?data=`. */
  data?: string;
  title?: string;
}

/**
 * The provider selection dialog (spec §5, §7, §9): search by name, code, CPF or CNPJ from 5 characters, 500 ms
 * after the last key, answered by GET /findPrestador/{term}; choosing requires a numeric provider id
 * ('Informe o Prestador').
 */
export function PrestadorDialog({ onClose, onChoose, data, title = 'Selecionar prestador' }: Props) {
  const min = CONSTANTS.prestadorSearchMinChars;
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebounced(term.trim(), CONSTANTS.autocompleteDelayMs);
  const enabled = debounced.length >= min;
  const q = useQuery({
    queryKey: ['findPrestador', debounced, data ?? ''],
    enabled,
    staleTime: 30_000,
    queryFn: () => api.get<PrestadorBusca[]>(`/findPrestador/${encodeURIComponent(debounced)}${data ? `?data=${data}` : ''}`, { quiet: true }),
  });
  const rows = enabled ? (q.data ?? []) : [];

  function confirm(id = chosen) {
    const r = prestadorEscolhaSchema.safeParse({ prestadorId: id });
    if (!r.success) {
      setError(r.error.issues[0].message);
      return;
    }
    const p = rows.find((x) => x.id === r.data.prestadorId);
    if (!p) {
      setError(prestadorEscolhaSchema.safeParse({ prestadorId: '' }).error!.issues[0].message);
      return;
    }
    onChoose(p);
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="prest-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={() => confirm()} data-testid="prestador-selecionar">
            Selecionar
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="prestador-termo">Nome, código, CPF ou CNPJ</label>
        <input
          id="prestador-termo"
          autoComplete="off"
          value={term}
          placeholder={`Digite ao menos ${min} caracteres`}
          onChange={(e) => {
            setTerm(e.target.value);
            setChosen('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (chosen || rows.length === 1) confirm(chosen || String(rows[0].id));
            }
          }}
        />
        <p className="rf-help" aria-live="polite">
          {term.trim().length < min
            ? `Digite ao menos ${min} caracteres para pesquisar.`
            : q.isFetching || debounced !== term.trim()
              ? 'Pesquisando…'
              : `${rows.length} ${rows.length === 1 ? 'prestador encontrado' : 'prestadores encontrados'}${rows.length === 50 ? ' (refine a busca para ver outros)' : ''}.`}
        </p>
      </div>
      <div className="prest-lista" role="radiogroup" aria-label="Prestadores encontrados">
        {rows.map((p) => {
          const doc = p.prestadorJuridico ? `CNPJ ${formatDocument('cnpj', p.prestadorJuridico.cnpj)}` : p.prestadorFisico ? `CPF ${p.prestadorFisico.cpf.includes('*') ? p.prestadorFisico.cpf : formatDocument('cpf', p.prestadorFisico.cpf)}` : '';
          return (
            <label key={p.id} className={`prest-item${chosen === String(p.id) ? ' escolhido' : ''}`} onDoubleClick={() => confirm(String(p.id))}>
              <input
                type="radio"
                name="prestador"
                value={p.id}
                checked={chosen === String(p.id)}
                onChange={() => {
                  setChosen(String(p.id));
                  setError(null);
                }}
              />
              <span className="prest-cod">{p.codigo}</span>
              <span className="prest-nome">
                {p.nome}
                {p.adicional && <small>{p.adicional}</small>}
              </span>
              <span className="prest-doc">{doc}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="prestador-erro">
          {error}
        </p>
      )}
    </Dialog>
  );
}
