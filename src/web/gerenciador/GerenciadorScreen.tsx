import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Download, FileText, Folder, FolderPlus, Pencil, Trash2, Upload } from 'lucide-react';
import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { instantToBr } from '../../shared/dates';
import { FILE_TYPES, formatBytes } from '../../shared/files';
import { NOME_RAIZ, type ArquivoLinha, type PastaLinha } from '../../shared/gerenciador';
import { ApiError } from '../api/client';
import { checkChosen, downloadFile } from '../api/files';
import type { ScreenProps } from '../screens/types';
import { abilityAtom } from '../session/store';
import { ConfirmDialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { gerenciadorApi, gerenciadorKeys } from './api';
import { PastaDialog } from './PastaDialog';
import './gerenciador.css';

/** A file's type as people say it ("PDF", "CSV"), from the type the server found in its content. */
const tipoDe = (mime: string) => Object.values(FILE_TYPES).find((t) => t.mime === mime)?.label.replace(/^imagem /, '') ?? mime;

type Envio = { nome: string; estado: 'enviando' | 'enviado' | 'recusado'; mensagem?: string };
type Pergunta = { tipo: 'pasta'; pasta: PastaLinha } | { tipo: 'arquivo'; arquivo: ArquivoLinha };

/**
 * The shared file manager (/util/gerenciador/arquivo): a folder's breadcrumb, its subfolders and files in one table,
 * "Nova pasta" and "Enviar arquivos" (checked in the page by content and size before sending, and again on the server),
 * download, rename and delete with confirmation. The folder is in the address (`?pasta=`), so a tab keeps it.
 * Writes show only to who holds the action on `arquivo` (the server refuses the others anyway).
 */
export default function GerenciadorScreen({ command, search }: ScreenProps) {
  const pastaId = useMemo(() => {
    const v = Number(new URLSearchParams(search).get('pasta'));
    return Number.isInteger(v) && v > 0 ? v : null;
  }, [search]);
  const tabId = useTabId();
  const qc = useQueryClient();
  const ability = useAtomValue(abilityAtom);
  const pode = { incluir: ability.can('insert', 'arquivo'), alterar: ability.can('update', 'arquivo'), excluir: ability.can('delete', 'arquivo') };
  const q = useQuery({ queryKey: gerenciadorKeys.pasta(pastaId), queryFn: () => gerenciadorApi.conteudo(pastaId) });
  const [dialogo, setDialogo] = useState<{ tipo: 'nova' } | { tipo: 'renomear'; pasta: PastaLinha } | null>(null);
  const [pergunta, setPergunta] = useState<Pergunta | null>(null);
  const [envios, setEnvios] = useState<Envio[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);

  const hrefDe = (id: number | null) => (id == null ? command.path : `${command.path}?pasta=${id}`);
  const abrir = (id: number | null) => (e: MouseEvent) => {
    // Ctrl/⌘ + click keeps the browser's own behaviour (a new window)
    if (e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    go(hrefDe(id), { tabId: tabId ?? undefined });
  };
  const atualizar = () => qc.invalidateQueries({ queryKey: gerenciadorKeys.all });

  async function enviar(files: FileList | null) {
    const lista = [...(files ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (!lista.length) return;
    const estado: Envio[] = lista.map((f) => ({ nome: f.name, estado: 'enviando' }));
    setEnvios([...estado]);
    const marcar = (i: number, e: Envio) => {
      estado[i] = e;
      setEnvios([...estado]);
    };
    // one at a time: the server stores each in a transaction of its own, and a refusal names its file
    for (const [i, f] of lista.entries()) {
      const recusa = await checkChosen(f);
      if (recusa) {
        marcar(i, { nome: f.name, estado: 'recusado', mensagem: recusa });
        continue;
      }
      const r = await gerenciadorApi.enviar(f, pastaId);
      marcar(i, r.ok ? { nome: r.file.nome, estado: 'enviado' } : { nome: f.name, estado: 'recusado', mensagem: r.message });
    }
    const ok = estado.filter((e) => e.estado === 'enviado').length;
    if (ok) showAlerts([{ type: 'success', value: ok === 1 ? '1 arquivo enviado.' : `${ok} arquivos enviados.` }]);
    await atualizar();
  }

  async function confirmarExclusao(p: Pergunta) {
    setPergunta(null);
    try {
      if (p.tipo === 'pasta') await gerenciadorApi.excluirPasta(p.pasta.id);
      else await gerenciadorApi.excluirArquivo(p.arquivo.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
    await atualizar();
  }

  const c = q.data;
  const vazio = c && !c.pastas.length && !c.arquivos.length;
  const titulo = c?.pasta?.nome ?? NOME_RAIZ;

  return (
    <div className="ger">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Documentos compartilhados da operadora: contratos, tabelas, manuais. Envie PDF, imagens, XML, CSV, TXT ou ZIP de até 20 MB.</p>

      <nav aria-label="Caminho da pasta" className="ger-caminho">
        <ol>
          {(c?.caminho ?? [{ id: pastaId, nome: pastaId == null ? NOME_RAIZ : '…' }]).map((p, i, all) => (
            <li key={p.id ?? 'raiz'}>
              {i === all.length - 1 ? (
                <span aria-current="page">{p.nome}</span>
              ) : (
                <a href={hrefDe(p.id)} onClick={abrir(p.id)}>
                  {p.nome}
                </a>
              )}
            </li>
          ))}
        </ol>
      </nav>

      {(pode.incluir || c?.pasta) && (
        <div className="ger-acoes">
          {pode.incluir && (
            <>
              <button type="button" className="btn" onClick={() => setDialogo({ tipo: 'nova' })} disabled={!c}>
                <FolderPlus size={16} aria-hidden /> Nova pasta
              </button>
              <button type="button" className="btn btn-primary" onClick={() => inputRef.current?.click()} disabled={!c}>
                <Upload size={16} aria-hidden /> Enviar arquivos
              </button>
              <input ref={inputRef} type="file" multiple hidden data-testid="ger-input" onChange={(e) => void enviar(e.target.files)} />
            </>
          )}
        </div>
      )}

      {envios.length > 0 && (
        <section className="ger-envios" aria-label="Envios" aria-live="polite">
          <ul>
            {envios.map((e, i) => (
              <li key={i} className={`ger-envio ger-envio-${e.estado}`}>
                <strong>{e.nome}</strong>: {e.estado === 'enviando' ? 'enviando…' : e.estado === 'enviado' ? 'enviado.' : e.mensagem}
              </li>
            ))}
          </ul>
          {envios.every((e) => e.estado !== 'enviando') && (
            <button type="button" className="btn btn-ghost" onClick={() => setEnvios([])}>
              Limpar avisos de envio
            </button>
          )}
        </section>
      )}

      {q.isPending && <p className="page-sub">Carregando…</p>}
      {q.isError && (
        <div className="card ger-vazio" role="alert">
          <p>{q.error instanceof ApiError ? q.error.message : 'Não foi possível abrir a pasta.'}</p>
          <a href={hrefDe(null)} onClick={abrir(null)}>
            Voltar para {NOME_RAIZ}
          </a>
        </div>
      )}
      {vazio && (
        <div className="card ger-vazio">
          <p>
            <strong>{c.pasta ? `A pasta "${titulo}" está vazia.` : 'Nenhuma pasta ou arquivo ainda.'}</strong>
          </p>
          <p className="page-sub">{pode.incluir ? 'Crie uma pasta com "Nova pasta" ou envie documentos com "Enviar arquivos".' : 'Quando alguém enviar documentos para cá, eles aparecerão aqui.'}</p>
        </div>
      )}
      {c && !vazio && (
        <div className="ger-tabela card">
          <table className="tabela-simples" aria-label={`Conteúdo de ${titulo}`}>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col" className="ger-sec">
                  Tipo
                </th>
                <th scope="col" className="ger-sec ger-num">
                  Tamanho
                </th>
                <th scope="col" className="ger-sec">
                  Enviado/criado por
                </th>
                <th scope="col" className="ger-sec">
                  Data
                </th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {c.pastas.map((p) => (
                <tr key={`p${p.id}`} data-testid="ger-pasta">
                  <td>
                    <div className="ger-nome">
                    <Folder size={18} aria-hidden className="ger-icone-pasta" />
                    <span>
                      <a href={hrefDe(p.id)} onClick={abrir(p.id)}>
                        {p.nome}
                      </a>
                      <small className="ger-meta">
                        Pasta · {p.criadoPor} · {instantToBr(p.criadoEm)}
                      </small>
                    </span>
                    </div>
                  </td>
                  <td className="ger-sec">Pasta</td>
                  <td className="ger-sec ger-num">—</td>
                  <td className="ger-sec">{p.criadoPor}</td>
                  <td className="ger-sec ger-data">{instantToBr(p.criadoEm)}</td>
                  <td className="ger-botoes">
                    {pode.alterar && (
                      <button type="button" className="btn btn-ghost" aria-label={`Renomear a pasta ${p.nome}`} title="Renomear" onClick={() => setDialogo({ tipo: 'renomear', pasta: p })}>
                        <Pencil size={16} aria-hidden />
                      </button>
                    )}
                    {pode.excluir && (
                      <button type="button" className="btn btn-ghost" aria-label={`Excluir a pasta ${p.nome}`} title="Excluir" onClick={() => setPergunta({ tipo: 'pasta', pasta: p })}>
                        <Trash2 size={16} aria-hidden />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {c.arquivos.map((a) => (
                <tr key={`a${a.id}`} data-testid="ger-arquivo">
                  <td>
                    <div className="ger-nome">
                    <FileText size={18} aria-hidden className="ger-icone-arquivo" />
                    <span>
                      <button type="button" className="ger-link" onClick={() => void downloadFile(a)} title="Baixar">
                        {a.nome}
                      </button>
                      <small className="ger-meta">
                        {tipoDe(a.tipo)} · {formatBytes(a.tamanho)} · {a.enviadoPor} · {instantToBr(a.criadoEm)}
                      </small>
                    </span>
                    </div>
                  </td>
                  <td className="ger-sec">{tipoDe(a.tipo)}</td>
                  <td className="ger-sec ger-num">{formatBytes(a.tamanho)}</td>
                  <td className="ger-sec">{a.enviadoPor}</td>
                  <td className="ger-sec ger-data">{instantToBr(a.criadoEm)}</td>
                  <td className="ger-botoes">
                    <button type="button" className="btn btn-ghost" aria-label={`Baixar ${a.nome}`} title="Baixar" onClick={() => void downloadFile(a)}>
                      <Download size={16} aria-hidden />
                    </button>
                    {pode.excluir && (
                      <button type="button" className="btn btn-ghost" aria-label={`Excluir ${a.nome}`} title="Excluir" onClick={() => setPergunta({ tipo: 'arquivo', arquivo: a })}>
                        <Trash2 size={16} aria-hidden />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialogo?.tipo === 'nova' && (
        <PastaDialog
          title={`Nova pasta em ${titulo}`}
          acao="Criar pasta"
          onClose={() => setDialogo(null)}
          onSalvar={async (nome) => {
            const p = await gerenciadorApi.criarPasta({ nome, paiId: pastaId });
            showAlerts([{ type: 'success', value: `Pasta "${p.nome}" criada.` }]);
            setDialogo(null);
            await atualizar();
          }}
        />
      )}
      {dialogo?.tipo === 'renomear' && (
        <PastaDialog
          title="Renomear pasta"
          acao="Renomear"
          inicial={dialogo.pasta.nome}
          onClose={() => setDialogo(null)}
          onSalvar={async (nome) => {
            const p = await gerenciadorApi.renomearPasta(dialogo.pasta.id, { nome });
            showAlerts([{ type: 'success', value: `Pasta renomeada para "${p.nome}".` }]);
            setDialogo(null);
            await atualizar();
          }}
        />
      )}
      {pergunta && (
        <ConfirmDialog
          title="Confirmação"
          message={pergunta.tipo === 'pasta' ? `Excluir a pasta "${pergunta.pasta.nome}"? Só uma pasta vazia pode ser excluída.` : `Excluir o arquivo "${pergunta.arquivo.nome}"? Esta ação não pode ser desfeita.`}
          onYes={() => void confirmarExclusao(pergunta)}
          onNo={() => setPergunta(null)}
        />
      )}
    </div>
  );
}
