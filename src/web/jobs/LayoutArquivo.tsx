import { formatoDe, larguraDe, posicoes, type Layout } from '../../shared/processos/layout';

/** A file layout as its users read it: each record's fields with position (or column, in a CSV), size and format. */
export function LayoutArquivo({ layout }: { layout: Layout }) {
  return (
    <details className="job-layout">
      <summary>Layout: {layout.titulo}</summary>
      <p className="muted">{layout.arquivo}</p>
      {layout.registros.map((r) => (
        <div key={r.nome} className="job-layout-reg">
          <h4>
            {r.nome} · {layout.xml ? `${r.campos.length} elementos` : layout.separador ? `${r.campos.length} colunas separadas por "${layout.separador}"` : `${larguraDe(r)} posições`}
          </h4>
          <div className="job-table-wrap">
            <table className="tabela-simples">
              <thead>
                <tr>
                  <th>Campo</th>
                  <th>{layout.xml ? 'Ordem' : layout.separador ? 'Coluna' : 'Posição'}</th>
                  <th>{layout.xml || layout.separador ? 'Tamanho máximo' : 'Tamanho'}</th>
                  <th>Formato</th>
                </tr>
              </thead>
              <tbody>
                {posicoes(r).map((c, i) => (
                  <tr key={`${c.nome}-${c.inicio}`}>
                    {/* an XML element's path is one long word: it breaks anywhere rather than overflow its column */}
                    <td style={layout.xml ? { overflowWrap: 'anywhere' } : undefined}>{c.descricao}{c.fixo ? ` (sempre "${c.fixo}")` : ''}</td>
                    <td>{layout.xml || layout.separador ? i + 1 : `${c.inicio}–${c.fim}`}</td>
                    <td>{c.tamanho}</td>
                    <td>{formatoDe(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </details>
  );
}
