import { useState } from 'react';
import { APP_MSG } from '../../shared/messages';
import { STATUS, TAG_RESPOSTA, type AutorizacaoDetalhe } from '../../shared/autorizacoes';
import { formatDateTime } from '../../shared/format';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { AnexosCampo, type AnexoEscolhido } from './AnexosCampo';
import { autApi } from './api';

export const ATALHO_RESPOSTA = { keys: 'alt+r', label: 'Alt+R' } as const;

/**
 * The provider's answer to the audit (status 4 "Aguardando justificativa técnica" or 5 "Aguardando
 * documentação"): what the auditor asked, the technical justification and/or the documents, sent in one go;
 * the request goes back to 2 Em análise and the history shows the answer. The operator may answer for the provider.
 */
export function Resposta({ d, emNomeDoPrestador, onEnviada, onConflito }: { d: AutorizacaoDetalhe; emNomeDoPrestador: boolean; onEnviada: (r: AutorizacaoDetalhe) => void; onConflito: () => Promise<void> }) {
  const [texto, setTexto] = useState('');
  const [anexos, setAnexos] = useState<AnexoEscolhido[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const [conflito, setConflito] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const documentos = d.status === STATUS.AGUARDANDO_DOCUMENTACAO;
  const pedido = [...d.historico].reverse().find((h) => h.acao === 'pedirJustificativa' || h.acao === 'pedirDocumentos');

  async function enviar() {
    if (enviando) return;
    if (!texto.trim() && !anexos.length) return setErro(documentos ? 'Anexe os documentos pedidos ou escreva a justificativa.' : 'Escreva a justificativa técnica ou anexe os documentos pedidos.');
    setErro(null);
    setEnviando(true);
    try {
      const r = await autApi.responder(d.id, { acao: 'responder', version: d.version, motivo: texto.trim() || null, anexos });
      onEnviada(r);
    } catch (e) {
      const c = e instanceof ApiError && e.status === 409;
      setConflito(c);
      setErro(c ? APP_MSG.conflito : e instanceof Error ? e.message : String(e));
    } finally {
      setEnviando(false);
    }
  }
  useScreenShortcuts('Resposta ao auditor', [{ keys: ATALHO_RESPOSTA.keys, label: ATALHO_RESPOSTA.label, description: 'Enviar a resposta ao auditor', run: () => void enviar() }]);

  return (
    <section className="card aut-resposta" aria-labelledby="aut-resposta-titulo" data-testid="resposta">
      <h2 id="aut-resposta-titulo">{documentos ? 'Enviar a documentação pedida' : 'Responder com a justificativa técnica'}</h2>
      {pedido && (
        <blockquote className="aut-pedido" data-testid="pedido-auditor">
          <p>
            <strong>{pedido.usuario}</strong> pediu em {formatDateTime(pedido.em)}:
          </p>
          <p>{pedido.motivo ?? (documentos ? 'Documentação complementar.' : 'Justificativa técnica.')}</p>
        </blockquote>
      )}
      {emNomeDoPrestador && <p className="aut-aviso">Você está respondendo em nome do prestador {d.prestadorNome}; o histórico registra o seu nome.</p>}
      <form
        className="aut-resposta-form"
        aria-label="Resposta ao auditor"
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <label className="aut-resposta-texto">
          Justificativa técnica
          <textarea name="justificativa" rows={5} maxLength={1000} value={texto}
            onChange={(e) => {
              setTexto(e.target.value);
              if (!conflito) setErro(null);
            }} placeholder="Descreva a indicação, o histórico clínico e o que já foi tentado." />
          <small>{texto.length}/1000</small>
        </label>
        <AnexosCampo label={documentos ? 'Documentos pedidos (laudos, relatórios, exames)' : 'Documentos que sustentam a justificativa (opcional)'} tag={TAG_RESPOSTA}
          value={anexos}
          onChange={(v) => {
            setAnexos(v);
            if (!conflito) setErro(null);
          }}
        />
        {erro && (
          <div role="alert" className={`aut-erro${conflito ? ' conflito' : ''}`}>
            {erro}
            {conflito && (
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void onConflito().then(() => {
                    setConflito(false);
                    setErro(null);
                  })
                }
              >
                Recarregar a solicitação (o que você digitou é mantido)
              </button>
            )}
          </div>
        )}
        <div className="aut-acoes">
          {/* a button, not a submit: the tab keeps its unsaved mark until the answer is really sent */}
          <button type="button" className="btn btn-primary" disabled={enviando} onClick={() => void enviar()} title={`Enviar resposta (${ATALHO_RESPOSTA.label})`}>
            {enviando ? 'Enviando…' : 'Enviar resposta'}
            <kbd>{ATALHO_RESPOSTA.label}</kbd>
          </button>
        </div>
      </form>
    </section>
  );
}
