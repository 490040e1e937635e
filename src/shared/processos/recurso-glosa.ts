import { defineProcesso } from './define';

/**
 * Recurso de glosa by file (spec §2.5, issue 15 flow 4): the provider sends its appeal as a TISS message
 * (RECURSO_GLOSA) and gets the appeal's protocol number and its receipt.
 */
export const importacaoRecursoGlosa = defineProcesso({
  comando: '/principal/tiss/relatorio/importar-arquivo-xml/recurso-glosa',
  tipo: 'importacao-recurso-glosa',
  descricao:
    'Recebe um recurso de glosa no padrão TISS (RECURSO_GLOSA, versão 4.03.00 ou 4.01.00), por guia ou por item, com a justificativa. O arquivo é conferido pelo esquema XSD da ANS, pelo hash do epílogo e pelo prestador; cada item precisa estar glosado num protocolo do próprio prestador, com o valor recursado até o valor glosado e dentro de 180 dias da glosa (depois disso, código 2907). Um recurso recusado não deixa nada gravado e diz a linha e o motivo; o aceito recebe o número de protocolo e o comprovante em PDF.',
  campos: {},
  previa: true,
  altera: true,
  entrada: { rotulo: 'Recurso de glosa TISS (XML)', formatos: ['xml'], ajuda: 'O XML do recurso de glosa, em ISO-8859-1, como o sistema do prestador gera.' },
});
