import { f } from '../resources/define';
import { defineProcesso } from './define';
import { cabecalho, campo, CNPJ, COMPETENCIA, GERACAO, mesAtual, reg, regras, TIPO } from './folha';
import type { Layout } from './layout';

/**
 * The monthly files of the additional services (src/shared/servicos): the beneficiaries the air-ambulance company
 * covers in the month (client copass), and what each adhesion costs in the month (client aeco). Both layouts are the
 * client's own (no public layout): declared here, shown on each export's screen.
 */

const competencia = f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano (MM/AAAA): as adesões em vigor em algum dia do mês.' });

// ---- Exportar Aeromédico (copass) -----------------------------------------------------------------------------

/** The movement of a covered beneficiary in the month: started in it, ended in it (wins over started), or neither. */
export const MOVIMENTOS_AEROMEDICO = [
  ['I', 'Inclusão: a adesão começou no mês'],
  ['E', 'Exclusão: a adesão terminou no mês (também a que começou e terminou nele)'],
  ['M', 'Manutenção: em vigor o mês inteiro'],
] as const;

const LARGURA_AEROMEDICO = 150;

export const LAYOUT_AEROMEDICO: Layout = {
  titulo: 'Aeromédico — beneficiários cobertos na competência',
  arquivo: `Texto de ${LARGURA_AEROMEDICO} posições, ASCII, CRLF; nome AEROMEDICO_<AAAAMM>.txt; cabeçalho, um registro 1 por beneficiário coberto (adesão em vigor em algum dia do mês), por nome, e o rodapé com as contagens`,
  registros: [
    cabecalho(LARGURA_AEROMEDICO, CNPJ, campo('operadora', 'Nome da operadora', 60, 'A'), COMPETENCIA, GERACAO),
    reg('Beneficiário coberto', LARGURA_AEROMEDICO, [
      TIPO('1'),
      campo('movimento', `Movimento: ${MOVIMENTOS_AEROMEDICO.map(([k, l]) => `${k} ${l.split(':')[0].toLowerCase()}`).join(', ')}`, 1, 'A'),
      campo('carteirinha', 'Carteirinha do beneficiário', 16, 'N'),
      campo('nome', 'Nome do beneficiário', 70, 'A'),
      campo('cpf', 'CPF do beneficiário (zeros quando não informado)', 11, 'N'),
      campo('nascimento', 'Data de nascimento', 8, 'D'),
      campo('inicio', 'Início da adesão', 8, 'D'),
      campo('fim', 'Fim da adesão (último dia coberto; zeros quando em aberto)', 8, 'D'),
    ]),
    reg('Rodapé', LARGURA_AEROMEDICO, [
      TIPO('9'),
      campo('quantidade', 'Quantidade de beneficiários (registros 1)', 6, 'N'),
      campo('inclusoes', 'Quantidade de inclusões (movimento I)', 6, 'N'),
      campo('exclusoes', 'Quantidade de exclusões (movimento E)', 6, 'N'),
      campo('manutencoes', 'Quantidade de manutenções (movimento M)', 6, 'N'),
    ]),
  ],
};

export const exportacaoAeromedico = defineProcesso({
  comando: '/util/exportacao/aeromedico',
  tipo: 'aeromedico',
  descricao:
    'Gera o arquivo mensal da empresa de transporte aeromédico: cada beneficiário com adesão ao Transporte Aeromédico em vigor em algum dia da competência, com o movimento do mês (inclusão, exclusão ou manutenção), os dados de identificação e as datas da adesão.',
  campos: { competencia },
  regras,
  previa: true,
  layouts: [LAYOUT_AEROMEDICO],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- Exportar Adesão a Serviço (aeco) ---------------------------------------------------------------------------

export const LAYOUT_ADESAO_SERVICO: Layout = {
  titulo: 'Adesão a serviço — valores a cobrar na competência',
  arquivo:
    'CSV separado por ";", ASCII, CRLF, sem linha de títulos; nome ADESAO_SERVICO_<AAAAMM>.csv; por serviço (em ordem de nome), uma linha D por adesão em vigor no mês (por nome do beneficiário) e a linha T com o total do serviço; no fim a linha G com o total geral. Valor a cobrar: a mensalidade inteira quando a adesão cobre o mês todo; senão a mensalidade × dias cobertos ÷ dias do mês, arredondada ao centavo mais próximo (meio centavo para cima)',
  separador: ';',
  registros: [
    {
      nome: 'Adesão (linha D)',
      campos: [
        campo('tipo', 'Tipo de linha', 1, 'A', 'D'),
        COMPETENCIA,
        campo('servico', 'Código do serviço', 20, 'A'),
        campo('carteirinha', 'Carteirinha do beneficiário', 16, 'N'),
        campo('nome', 'Nome do beneficiário', 150, 'A'),
        campo('cpf', 'CPF do beneficiário', 11, 'N'),
        campo('inicio', 'Início da adesão', 8, 'D'),
        campo('fim', 'Fim da adesão (vazio quando em aberto)', 8, 'D'),
        campo('valorMensal', 'Valor mensal da adesão, em centavos', 11, 'V'),
        campo('dias', 'Dias cobertos no mês', 2, 'N'),
        campo('diasMes', 'Dias do mês', 2, 'N'),
        campo('valor', 'Valor a cobrar no mês, em centavos', 11, 'V'),
      ],
    },
    {
      nome: 'Total do serviço (linha T)',
      campos: [
        campo('tipo', 'Tipo de linha', 1, 'A', 'T'),
        COMPETENCIA,
        campo('servico', 'Código do serviço', 20, 'A'),
        campo('quantidade', 'Quantidade de adesões (linhas D) do serviço', 6, 'N'),
        campo('valor', 'Soma dos valores a cobrar do serviço, em centavos', 13, 'V'),
      ],
    },
    {
      nome: 'Total geral (linha G)',
      campos: [
        campo('tipo', 'Tipo de linha', 1, 'A', 'G'),
        COMPETENCIA,
        campo('quantidade', 'Quantidade de adesões (linhas D)', 6, 'N'),
        campo('valor', 'Soma dos valores a cobrar, em centavos', 13, 'V'),
      ],
    },
  ],
};

export const exportacaoAdesaoServico = defineProcesso({
  comando: '/util/exportacao/adesao-servico',
  tipo: 'adesao-servico',
  descricao:
    'Gera o arquivo de cobrança dos serviços adicionais da competência: cada adesão em vigor em algum dia do mês com o valor a cobrar (a mensalidade inteira, ou proporcional aos dias quando a adesão começou ou terminou no mês), agrupada por serviço com os totais.',
  campos: {
    competencia,
    servico: f.text('Código do serviço', { max: 20, case: 'upper', help: 'Em branco: todos os serviços do catálogo (AEROMEDICO, ODONTO…).' }),
  },
  regras,
  previa: true,
  layouts: [LAYOUT_ADESAO_SERVICO],
  padroes: () => ({ competencia: mesAtual() }),
});
