import { useState, type FormEvent } from 'react';
import { nomePasta } from '../../shared/gerenciador';
import { ApiError } from '../api/client';
import { Dialog } from '../ui/Dialog';

/**
 * Names a folder (new or renamed): the shared schema checks the name before it is sent, the server's refusal
 * (a repeated name) is shown beside the field.
 */
export function PastaDialog({ title, inicial = '', acao, onSalvar, onClose }: { title: string; inicial?: string; acao: string; onSalvar: (nome: string) => Promise<void>; onClose: () => void }) {
  const [nome, setNome] = useState(inicial);
  const [erro, setErro] = useState<string>();
  const [enviando, setEnviando] = useState(false);
  async function salvar(e: FormEvent) {
    e.preventDefault();
    const r = nomePasta.safeParse(nome);
    if (!r.success) return setErro(r.error.issues[0].message);
    setEnviando(true);
    try {
      await onSalvar(r.data);
    } catch (err) {
      if (err instanceof ApiError) setErro(err.fieldErrors().nome ?? err.message);
      setEnviando(false);
    }
  }
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" form="ger-pasta-form" className="btn btn-primary" disabled={enviando}>
            {acao}
          </button>
        </>
      }
    >
      <form id="ger-pasta-form" onSubmit={salvar} noValidate>
        <div className="field" style={{ marginBottom: 0 }}>
          <label htmlFor="ger-pasta-nome">Nome da pasta</label>
          <input
            id="ger-pasta-nome"
            value={nome}
            maxLength={120}
            autoComplete="off"
            aria-invalid={!!erro}
            aria-describedby={erro ? 'ger-pasta-nome-erro' : undefined}
            onChange={(e) => {
              setNome(e.target.value);
              setErro(undefined);
            }}
          />
          {erro && (
            <p className="field-error" id="ger-pasta-nome-erro" role="alert">
              {erro}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
