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
            {r.nome} · {layout.xml ? `${r.campos.length} elementos, nesta ordem` : layout.separador ? `${r.campos.length} colunas separadas por "${layout.separador}"` : `${larguraDe(r)} posições`}
          </h4>
          <div className="job-table-wrap">
            <table className={layout.xml ? 'tabela-simples job-layout-xml' : 'tabela-simples'}>
              <thead>
                <tr>
                  <th>Campo</th>
                  <th>{layout.xml ? 'Elemento' : layout.separador ? 'Coluna' : 'Posição'}</th>
                  <th>{layout.separador || layout.xml ? 'Tamanho máximo' : 'Tamanho'}</th>
                  <th>Formato</th>
                </tr>
              </thead>
              <tbody>
                {posicoes(r).map((c, i) => (
                  <tr key={`${c.nome}-${c.inicio}`}>
                    <td>{c.descricao}{c.fixo ? ` (sempre "${c.fixo}")` : ''}</td>
                    <td className={layout.xml ? 'job-layout-elemento' : undefined}>{layout.xml ? c.nome : layout.separador ? i + 1 : `${c.inicio}–${c.fim}`}</td>
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
