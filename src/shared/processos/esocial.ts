import { defineProcesso } from './define';
import { arquivo, cabecalho, campo, campos, CNPJ, COMPETENCIA, GERACAO, mesAtual, REG_ANS, reg, regras, rodape, TIPO } from './folha';
import type { Layout } from './layout';

/**
 * The collective health plan of each employee for the client's payroll system (Domínio Sistemas), which fills the
 * eSocial S-1200 group infoSaudeColet from it: per worker the operator (cnpjOper, regANS) and the amount of the
 * titular (vrPgTit), per dependent tpDep, cpfDep, nmDep, dtNascto and vlrPgDep, as the eSocial layout names them.
 * Amounts are what the operator charged each member in the competência (fee by age band plus coparticipation);
 * the company's subsidy is on the titular's record, for the payroll to deduct what the company pays.
 */

/** SIB relationship (RELACOES_DEPENDENCIA) → eSocial table 07, type of dependent. */
export const TIPO_DEPENDENTE_ESOCIAL: Readonly<Record<string, string>> = { '3': '01', '4': '03', '6': '03', '8': '09', '10': '99' };

const LARGURA = 130;

export const LAYOUT_ESOCIAL_DOMINIO: Layout = {
  titulo: 'Plano de saúde coletivo para o eSocial (Domínio Sistemas)',
  arquivo: arquivo(LARGURA, 'ESOCIAL', '; um registro 1 por trabalhador seguido dos registros 2 dos seus dependentes'),
  registros: [
    cabecalho(LARGURA, CNPJ, REG_ANS, COMPETENCIA, GERACAO),
    reg('Trabalhador (titular)', LARGURA, [
      TIPO('1'),
      campo('cpf', 'CPF do trabalhador (cpfTrab)', 11, 'N'),
      campo('matricula', 'Matrícula do titular no plano', 10, 'N'),
      campo('nome', 'Nome do trabalhador', 60, 'A'),
      campo('cnpjOper', 'CNPJ da operadora (cnpjOper)', 14, 'N'),
      campo('regANS', 'Registro ANS da operadora (regANS)', 6, 'N'),
      campo('vrPgTit', 'Valor do titular: mensalidade e coparticipação, em centavos (vrPgTit)', 11, 'V'),
      campo('subsidio', 'Subsídio da empresa à família, em centavos', 11, 'V'),
    ]),
    reg('Dependente (um por dependente do trabalhador)', LARGURA, [
      TIPO('2'),
      campo('cpfTrab', 'CPF do trabalhador', 11, 'N'),
      campo('tpDep', 'Tipo de dependente, tabela 07 do eSocial (tpDep)', 2, 'N'),
      campo('cpfDep', 'CPF do dependente, zeros quando não informado (cpfDep)', 11, 'N'),
      campo('nmDep', 'Nome do dependente (nmDep)', 60, 'A'),
      campo('dtNascto', 'Data de nascimento do dependente (dtNascto)', 8, 'D'),
      campo('vlrPgDep', 'Valor do dependente: mensalidade e coparticipação, em centavos (vlrPgDep)', 11, 'V'),
    ]),
    rodape(LARGURA, 13),
  ],
};

const { competencia, empresa, produto } = campos('');

export const esocialDominio = defineProcesso({
  comando: '/util/exportacao/dominiosistema/esocial',
  tipo: 'esocial-dominio',
  descricao:
    'Gera para o sistema de folha (Domínio Sistemas) o plano de saúde coletivo de cada trabalhador na competência, como o eSocial pede no S-1200 (infoSaudeColet): a operadora, o valor do titular e, por dependente, o tipo, o CPF, o nome, o nascimento e o valor. Titulares sem CPF ficam fora e são contados no registro da execução.',
  campos: { competencia, empresa, produto },
  regras,
  previa: true,
  layouts: [LAYOUT_ESOCIAL_DOMINIO],
  padroes: () => ({ competencia: mesAtual() }),
});
