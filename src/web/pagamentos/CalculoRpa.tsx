import { instantToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { ProtocoloDoPagamento } from '../../shared/pagamentos';
import type { CalculoRpa as Calculo } from '../../shared/pagamentos/rpa';

/** The protocols an RPA pays, with the value released in each. */
export function ProtocolosRpa({ protocolos }: { protocolos: readonly ProtocoloDoPagamento[] }) {
  return (
    <table className="fluxo-tabela pag-tabela" aria-label="Protocolos pagos" data-testid="protocolos">
      <thead>
        <tr>
          <th>Protocolo</th>
          <th>Lote do prestador</th>
          <th>Recebido em</th>
          <th className="num">Valor liberado</th>
        </tr>
      </thead>
      <tbody>
        {protocolos.map((p) => (
          <tr key={p.id}>
            <td data-label="Protocolo">{p.numero}</td>
            <td data-label="Lote">{p.numeroLote}</td>
            <td data-label="Recebido em">{instantToBr(p.recebidoEm)}</td>
            <td data-label="Valor liberado" className="num">
              {formatMoney(p.valorLiberado)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The gross amount, each withholding with its base and rate, and the net; the notes (ceiling, month, minimum) below. */
export function CalculoRpa({ calculo }: { calculo: Calculo }) {
  return (
    <>
      <table className="fluxo-tabela pag-tabela pag-calculo" aria-label="Valores e retenções" data-testid="calculo">
        <thead>
          <tr>
            <th>Descrição</th>
            <th className="num">Base de cálculo</th>
            <th className="num">Alíquota</th>
            <th className="num">Valor</th>
          </tr>
        </thead>
        <tbody>
          {calculo.linhas.map((l, i) => (
            <tr key={l.rotulo} className={i === calculo.linhas.length - 1 ? 'pag-total' : undefined}>
              <td data-label="Descrição">{l.rotulo}</td>
              <td data-label="Base" className="num">
                {l.base == null ? '' : formatMoney(l.base)}
              </td>
              <td data-label="Alíquota" className="num">
                {l.fator === '—' ? '' : l.fator}
              </td>
              <td data-label="Valor" className="num">
                {formatMoney(l.valor)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {calculo.notas.map((n) => (
        <p key={n} className="fluxo-dica pag-nota">
          {n}
        </p>
      ))}
    </>
  );
}
