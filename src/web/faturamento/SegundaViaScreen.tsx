import type { ProtocoloRecebimentoLinha } from '../../shared/faturamento';
import { EM_ANALISE } from '../../shared/faturamento/conta';
import { SEGUNDA_VIA_LIST } from '../../shared/faturamento/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { baixar } from './digitacao-api';
import './digitacao.css';

type Linha = ProtocoloRecebimentoLinha & Record<string, unknown>;

/** Protocol statuses whose released value makes a payment: analysed (5), released (3), paid (6). */
const COM_PAGAMENTO = ['3', '5', '6'];

function Documentos({ r }: { r: Linha }) {
  const base = `/faturamento/segunda-via/${r.id}`;
  const doc = (rotulo: string, arquivo: string, nome: string, titulo: string) => (
    <button
      type="button"
      className="btn"
      title={titulo}
      onClick={(e) => {
        // a button in a row: the download, not the row's opening
        e.stopPropagation();
        void baixar(`${base}/${arquivo}`, nome);
      }}
    >
      {rotulo}
    </button>
  );
  const analisado = !EM_ANALISE.includes(r.status);
  return (
    <span className="fat-docs" data-testid="documentos">
      {doc('Protocolo', 'protocolo.pdf', `protocolo-${r.numero}-2via.pdf`, '2ª via do comprovante de recebimento (PDF)')}
      {doc('Conta médica', 'conta-medica.pdf', `conta-medica-${r.numero}.pdf`, 'A conta como apresentada, com o resultado da análise quando encerrada (PDF)')}
      {analisado && doc('Análise', 'demonstrativo-analise.pdf', `demonstrativo-analise-${r.numero}.pdf`, 'Demonstrativo de análise de conta (PDF)')}
      {analisado && doc('Análise XML', 'demonstrativo-analise.xml', `demonstrativo-analise-${r.numero}.xml`, 'Demonstrativo de análise de conta (XML TISS 4.03.00)')}
      {COM_PAGAMENTO.includes(r.status) && doc('Pagamento', 'demonstrativo-pagamento.pdf', `demonstrativo-pagamento-${r.numero}.pdf`, 'Demonstrativo de pagamento (PDF)')}
      {COM_PAGAMENTO.includes(r.status) && doc('Pagamento XML', 'demonstrativo-pagamento.xml', `demonstrativo-pagamento-${r.numero}.xml`, 'Demonstrativo de pagamento (XML TISS 4.03.00)')}
    </span>
  );
}

const extras: ListScreenExtras<Linha> = {
  opens: false,
  cells: {
    prestadorNome: (r) => (
      <>
        {r.prestadorNome}
        {r.prestadorCodigo && <small>Código {r.prestadorCodigo}</small>}
      </>
    ),
    documentos: (r) => <Documentos r={r} />,
  },
};

/**
 * 2ª Via de Protocolo, Demonstrativo de Pagamento e Conta Médica: the protocols (a provider's own), each with its
 * documents to download again — the receipt, the conta médica, and once the review is closed the demonstrativo de
 * análise and, with a released value, the demonstrativo de pagamento (PDF and TISS XML).
 */
export default function SegundaViaScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={SEGUNDA_VIA_LIST} extras={extras} />;
}
