import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { Sobre } from '../../shared/sobre';
import './ajuda.css';

/** Set by vite.config.ts (`define`) when the page is built. */
declare const __WEB_BUILD__: string | undefined;
const WEB_BUILD = typeof __WEB_BUILD__ === 'undefined' ? null : __WEB_BUILD__;

const dataHora = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(iso)).replace(',', ' às');
const int = new Intl.NumberFormat('pt-BR');
const tamanho = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${int.format(Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`);

/**
 * /cadastro/configuracoes/about (spec §2.1: analisecomsc on autorizacao): the installation (version, client, environment,
 * builds, database and migrations) and the official schemas and public data it ships, with licence, origin and the
 * SHA-256 of each file (GET /api/configuracoes/sobre).
 */
export default function SobreScreen() {
  const q = useQuery({ queryKey: ['configuracoes', 'sobre'], queryFn: () => api.get<Sobre>('/configuracoes/sobre') });
  const s = q.data;
  return (
    <div className="sobre" data-testid="sobre">
      <header>
        <h1 className="page-title">Sobre</h1>
        <p className="page-sub" style={{ margin: 0 }}>
          Versão, instalação e as fontes oficiais de esquemas e dados usadas pelo portal.
        </p>
      </header>
      {q.isLoading && <p className="page-sub">Carregando…</p>}
      {q.isError && <p role="alert">{(q.error as Error).message}</p>}
      {s && (
        <>
          <section className="card" aria-labelledby="sobre-instalacao">
            <h2 id="sobre-instalacao">Instalação</h2>
            <dl className="props">
              <dt>Versão</dt>
              <dd data-testid="sobre-versao">
                {s.versao}
                {s.commit ? ` (revisão ${s.commit})` : ''}
              </dd>
              <dt>Cliente</dt>
              <dd>{s.cliente.nome}</dd>
              <dt>Ambiente</dt>
              <dd data-testid="sobre-ambiente">{s.ambiente}</dd>
              <dt>Compilação do servidor</dt>
              <dd>{s.compilacao ? dataHora(s.compilacao) : 'Executando do código-fonte, sem compilação'}</dd>
              <dt>Compilação das páginas</dt>
              <dd>{WEB_BUILD ? dataHora(WEB_BUILD) : 'Servidas pelo ambiente de desenvolvimento'}</dd>
              <dt>Este processo</dt>
              <dd>
                {s.papel}, Node.js {s.node}, em execução desde {dataHora(s.iniciadoEm)}
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="sobre-banco">
            <h2 id="sobre-banco">Banco de dados</h2>
            <dl className="props">
              <dt>Tipo</dt>
              <dd data-testid="sobre-banco">{s.banco.tipo === 'PGlite' ? 'PGlite (PostgreSQL embutido no servidor)' : 'PostgreSQL (servidor de banco próprio)'}</dd>
              <dt>Versão do PostgreSQL</dt>
              <dd>{s.banco.versao}</dd>
              <dt>Migrações aplicadas</dt>
              <dd>
                {int.format(s.banco.migracoes)}
                {s.banco.ultimaMigracao ? ` (a última: ${s.banco.ultimaMigracao.replace(/^\d+_/, '').replace(/_/g, ' ')})` : ''}
                {s.banco.pendentes ? `; ${s.banco.pendentes} pendente${s.banco.pendentes === 1 ? '' : 's'}: reinicie o servidor para aplicá-las` : ''}
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="sobre-fontes">
            <h2 id="sobre-fontes">Esquemas e dados oficiais</h2>
            {s.fontes.map((f) => (
              <article key={f.id} className="sobre-fonte" data-testid="sobre-fonte">
                <h3>
                  {f.nome}: {f.versao}
                </h3>
                <dl className="props">
                  <dt>Publicado por</dt>
                  <dd>{f.orgao}</dd>
                  <dt>Licença</dt>
                  <dd>{f.licenca}</dd>
                  <dt>Origem da cópia</dt>
                  <dd>{f.origem}</dd>
                  <dt>Uso no portal</dt>
                  <dd>{f.uso}</dd>
                  {f.registros != null && (
                    <>
                      <dt>Registros no banco</dt>
                      <dd>{int.format(f.registros)}</dd>
                    </>
                  )}
                </dl>
                <details>
                  <summary>
                    {f.arquivos.length} {f.arquivos.length === 1 ? 'arquivo' : 'arquivos'}, com a impressão digital SHA-256 para conferir com a cópia do órgão
                  </summary>
                  <table className="sobre-arquivos">
                    <thead>
                      <tr>
                        <th>Arquivo</th>
                        <th>Tamanho</th>
                        <th>SHA-256</th>
                      </tr>
                    </thead>
                    <tbody>
                      {f.arquivos.map((a) => (
                        <tr key={a.nome}>
                          <td>{a.nome}</td>
                          <td>{tamanho(a.bytes)}</td>
                          <td>
                            <code>{a.sha256}</code>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </article>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
