import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/money';
import { tipoItemLabel, type ItemVerba } from '../../shared/verbas';

/** One line under the items: a label and a value (total, received, balance). */
export interface LinhaTotal {
  label: ReactNode;
  valor: number;
  testid?: string;
}

/** What a request for funds is made of: its items (kind, count, value) and the totals under them. */
export function ComposicaoVerba({ itens, totais, testid }: { itens: readonly ItemVerba[]; totais: readonly LinhaTotal[]; testid?: string }) {
  return (
    <table className="verba-itens" data-testid={testid}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Quantidade
          </th>
          <th scope="col" className="num">
            Valor
          </th>
        </tr>
      </thead>
      <tbody>
        {itens.map((i) => (
          <tr key={i.tipo}>
            <td>{tipoItemLabel(i.tipo)}</td>
            <td className="num">{i.quantidade}</td>
            <td className="num">{formatMoney(i.valor)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totais.map((t, k) => (
          <tr key={k}>
            <th scope="row" colSpan={2}>
              {t.label}
            </th>
            <td className="num" data-testid={t.testid}>
              {formatMoney(t.valor)}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
