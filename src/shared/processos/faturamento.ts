import { defineProcesso } from './define';

/**
 * TISS billing (spec §2.5, issue 15): the provider sends its bills as a TISS lot (ENVIO_LOTE_GUIAS) and gets a
 * protocol number and its receipt.
 */
export const importacaoFaturamentoTiss = defineProcesso({
  comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss',
  tipo: 'importacao-faturamento-tiss',
  descricao:
    'Recebe um lote de guias no padrão TISS (ENVIO_LOTE_GUIAS, versão 4.03.00 ou 4.01.00): até 100 guias de um só tipo (SP/SADT ou consulta). O arquivo é conferido pelo esquema XSD da ANS, pelo hash do epílogo, pelo prestador e pelos procedimentos da tabela TUSS antes de gravar qualquer guia; um lote recusado não deixa nada gravado e diz a linha e o motivo. O lote aceito recebe o número de protocolo e o comprovante em PDF.',
  campos: {},
  previa: true,
  altera: true,
  entrada: { rotulo: 'Lote TISS (XML)', formatos: ['xml'], ajuda: 'O XML do lote de guias, em ISO-8859-1, como o sistema do prestador gera.' },
});
