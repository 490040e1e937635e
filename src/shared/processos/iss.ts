import { f, uf, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import { cabecalho, campo, CNPJ, COMPETENCIA, competenciaIso, GERACAO, mesAtual, reg, regras, TIPO } from './folha';
import type { Layout } from './layout';

/**
 * The ISS the operator withholds as taker of the providers' services (the ISS line of each payment's withholdings,
 * src/shared/pagamentos/retencoes.ts), in the files the municipal systems read to issue the DAM (Documento de
 * Arrecadação Municipal): one guide per municipality of the providers, with the services taken under it. Both layouts
 * are the client's own (no public layout): declared here, shown on each export's screen.
 */

/** Without a due date, the DAM falls due on this day of the month after the competência. */
export const DAM_DIA_VENCIMENTO = 10;

/** The default due date of a competência's DAM ('MMAAAA' → ISO), or undefined for a bad competência. */
export function vencimentoDam(competencia: unknown): string | undefined {
  const c = competenciaIso(competencia);
  if (!c) return undefined;
  const [a, m] = c.split('-').map(Number);
  const ano = m === 12 ? a + 1 : a;
  const mes = m === 12 ? 1 : m + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(DAM_DIA_VENCIMENTO).padStart(2, '0')}`;
}

const campos = {
  competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano dos pagamentos consolidados (MM/AAAA).' }),
  // the municipalities of one UF at a time: a list of all 5,570 helps nobody
  uf: uf('UF do município', { help: 'Escolha a UF para listar os seus municípios.' }),
  municipio: f.ref('Município', 'cidade', { dependsOn: { field: 'uf', target: 'uf' }, help: 'Em branco: um DAM por município dos prestadores com ISS retido.' }),
  vencimento: f.date('Vencimento do DAM', { help: `Em branco: dia ${DAM_DIA_VENCIMENTO} do mês seguinte à competência.` }),
};

const regrasIss = (v: Values): RuleIssue[] => {
  const out = regras(v);
  const c = competenciaIso(v.competencia);
  if (c && typeof v.vencimento === 'string' && v.vencimento && v.vencimento.slice(0, 7) <= c.slice(0, 7))
    out.push({ field: 'vencimento', message: 'O vencimento do DAM deve cair depois do mês da competência.' });
  return out;
};

const LARGURA = 160;
const IBGE = campo('municipio', 'Código IBGE do município do prestador', 7, 'N');
/** The first columns of both Betha files: the guide, its month and the taker. */
const DAM_TOMADOR = [campo('guia', 'Número do DAM (AAAAMM-IBGE-ordem)', 20, 'A'), COMPETENCIA, campo('cnpjTomador', 'CNPJ da operadora (tomador)', 14, 'N')];

export const LAYOUT_DAM: Layout = {
  titulo: 'DAM — ISS retido sobre serviços tomados',
  arquivo: `Texto de ${LARGURA} posições, ASCII, CRLF; nome DAM_<AAAAMM>.txt; cada registro 1 (a guia de um município) seguido dos registros 2 dos seus serviços`,
  registros: [
    cabecalho(LARGURA, CNPJ, COMPETENCIA, GERACAO),
    reg('Guia (um DAM por município)', LARGURA, [
      TIPO('1'),
      IBGE,
      campo('nomeMunicipio', 'Nome do município', 40, 'A'),
      campo('uf', 'UF', 2, 'A'),
      campo('vencimento', 'Vencimento do DAM', 8, 'D'),
      campo('servicos', 'Quantidade de serviços (registros 2) da guia', 5, 'N'),
      campo('base', 'Soma das bases de cálculo, em centavos', 15, 'V'),
      campo('iss', 'ISS a recolher na guia, em centavos', 15, 'V'),
    ]),
    reg('Serviço tomado (um por pagamento com ISS retido)', LARGURA, [
      TIPO('2'),
      IBGE,
      campo('tipoPessoa', 'Pessoa: F física (RPA), J jurídica', 1, 'A'),
      campo('documento', 'CPF ou CNPJ do prestador', 14, 'N'),
      campo('nome', 'Nome do prestador', 60, 'A'),
      campo('numero', 'Número do pagamento', 12, 'N'),
      campo('data', 'Data da consolidação do pagamento', 8, 'D'),
      campo('base', 'Base de cálculo, em centavos', 15, 'V'),
      campo('aliquota', 'Alíquota em centésimos de ponto (500 = 5 %)', 5, 'N'),
      campo('iss', 'ISS retido, em centavos', 15, 'V'),
    ]),
    reg('Rodapé', LARGURA, [
      TIPO('9'),
      campo('guias', 'Quantidade de guias (registros 1)', 5, 'N'),
      campo('servicos', 'Quantidade de serviços (registros 2)', 6, 'N'),
      campo('iss', 'Soma do ISS das guias, em centavos', 15, 'V'),
    ]),
  ],
};

export const LAYOUT_DAM_BETHA: Layout = {
  titulo: 'DAM Betha — serviços tomados com ISS retido',
  arquivo: 'CSV separado por ";", ASCII, CRLF, sem linha de títulos; nome DAM_BETHA_<AAAAMM>.csv; uma linha por pagamento com ISS retido, com o número do DAM do seu município',
  separador: ';',
  registros: [
    {
      nome: 'Serviço tomado (um por pagamento com ISS retido)',
      campos: [
        ...DAM_TOMADOR,
        campo('documento', 'CPF ou CNPJ do prestador', 14, 'N'),
        campo('nome', 'Nome do prestador', 100, 'A'),
        IBGE,
        campo('numero', 'Número do pagamento (documento)', 12, 'N'),
        campo('data', 'Data da consolidação do pagamento', 8, 'D'),
        campo('base', 'Base de cálculo, em centavos', 15, 'V'),
        campo('aliquota', 'Alíquota em centésimos de ponto (500 = 5 %)', 5, 'N'),
        campo('iss', 'ISS retido, em centavos', 15, 'V'),
        campo('vencimento', 'Vencimento do DAM', 8, 'D'),
      ],
    },
  ],
};

const DESCRICAO =
  'Gera o arquivo do ISS retido na competência sobre os serviços dos prestadores: cada pagamento consolidado com ISS retido (pessoa jurídica pelo grupo de impostos, profissional pelo RPA), agrupado por município do prestador, para emitir o DAM de cada município. Pagamentos com rendimento estornado ficam fora; prestador sem município no cadastro é listado no registro da execução.';

export const exportacaoDam = defineProcesso({
  comando: '/util/exportacao/dam',
  tipo: 'dam',
  descricao: DESCRICAO,
  campos,
  regras: regrasIss,
  previa: true,
  layouts: [LAYOUT_DAM],
  padroes: () => ({ competencia: mesAtual() }),
});

export const exportacaoDamBetha = defineProcesso({
  comando: '/util/exportacao/dam-betha',
  tipo: 'dam-betha',
  descricao: `${DESCRICAO} No layout de importação do sistema Betha: uma linha por serviço tomado. Cada município recebe um DAM numerado; um município que já tem DAM emitido na competência fica fora até o DAM ser cancelado (Cancelamento de DAM Betha).`,
  campos,
  regras: regrasIss,
  previa: true,
  layouts: [LAYOUT_DAM_BETHA],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- Cancelamento de DAM Betha ------------------------------------------------------------------------------------

/** The shortest reason a cancellation takes (it goes to the trail and to the file Betha reads). */
export const MOTIVO_MINIMO = 10;

export const LAYOUT_CANCELAMENTO_DAM_BETHA: Layout = {
  titulo: 'Cancelamento de DAM Betha',
  arquivo: 'CSV separado por ";", ASCII, CRLF, sem linha de títulos; nome CANCELAMENTO_DAM_BETHA_<AAAAMM>.csv; uma linha por DAM cancelado',
  separador: ';',
  registros: [
    {
      nome: 'DAM cancelado',
      campos: [
        ...DAM_TOMADOR,
        IBGE,
        campo('iss', 'ISS do DAM, em centavos', 15, 'V'),
        campo('data', 'Data do cancelamento', 8, 'D'),
        campo('motivo', 'Motivo do cancelamento', 500, 'A'),
      ],
    },
  ],
};

export const cancelamentoDamBetha = defineProcesso({
  comando: '/util/processo/cancelamento-dam-betha',
  tipo: 'cancelamento-dam-betha',
  descricao:
    'Cancela os DAMs emitidos pela Exportação de DAM Betha numa competência (de um município ou de todos) e gera o arquivo de cancelamento para o sistema Betha. O DAM cancelado guarda o número, quem cancelou e o motivo (também na trilha de auditoria); o município volta a entrar na próxima exportação da competência.',
  campos: {
    competencia: campos.competencia,
    uf: campos.uf,
    municipio: f.ref('Município', 'cidade', { dependsOn: { field: 'uf', target: 'uf' }, help: 'Em branco: todos os DAMs emitidos na competência.' }),
    motivo: f.text('Motivo', { max: 500, required: true, multiline: true, help: 'Por que os DAMs são cancelados: vai para a trilha de auditoria e para o arquivo do Betha.' }),
  },
  regras: (v) => {
    const out = regras(v);
    if (typeof v.motivo === 'string' && v.motivo.trim() && v.motivo.trim().length < MOTIVO_MINIMO) out.push({ field: 'motivo', message: `Descreva o motivo com pelo menos ${MOTIVO_MINIMO} caracteres.` });
    return out;
  },
  previa: true,
  altera: true,
  layouts: [LAYOUT_CANCELAMENTO_DAM_BETHA],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- Serviços tomados: DES and Notas Fiscais de Serviços Tomados --------------------------------------------------

/**
 * The invoices of the services the operator took in a competência: the NFS-e each legal entity informed with its payment
 * request (src/shared/pagamentos/nfse.ts), for the requests consolidated in the competência's payments (reversed payments
 * out). A payment's withholdings are per payment: each invoice gets its share in proportion to its request's value (the
 * last one the remainder), so an export's totals are the payments' own. Both layouts are the client's own.
 */
const DES_LARGURA = 220;
const NOTA = [
  campo('numeroNota', 'Número da NFS-e', 15, 'N'),
  campo('serie', 'Série da NFS-e (brancos se não tiver)', 5, 'A'),
  campo('emissao', 'Data de emissão da NFS-e', 8, 'D'),
];

export const LAYOUT_DES: Layout = {
  titulo: 'DES — Declaração Eletrônica de Serviços tomados',
  arquivo: `Texto de ${DES_LARGURA} posições, ASCII, CRLF; nome DES_<AAAAMM>.txt; um registro 1 por NFS-e recebida de prestador pessoa jurídica`,
  registros: [
    cabecalho(DES_LARGURA, campo('cnpj', 'CNPJ da operadora (tomador)', 14, 'N'), campo('razaoSocial', 'Razão social da operadora', 80, 'A'), campo('municipio', 'Código IBGE do município da operadora', 7, 'N'), COMPETENCIA, GERACAO),
    reg('Nota fiscal de serviço tomado', DES_LARGURA, [
      TIPO('1'),
      campo('cnpj', 'CNPJ do prestador', 14, 'N'),
      campo('nome', 'Razão social do prestador', 80, 'A'),
      IBGE,
      campo('uf', 'UF do município do prestador', 2, 'A'),
      ...NOTA,
      campo('codigoVerificacao', 'Código de verificação da NFS-e', 9, 'A'),
      campo('valorServicos', 'Valor dos serviços, em centavos', 15, 'V'),
      campo('base', 'Base de cálculo do ISS, em centavos (sem retenção: o valor dos serviços)', 15, 'V'),
      campo('aliquota', 'Alíquota do ISS em centésimos de ponto (500 = 5 %; 0 sem retenção)', 5, 'N'),
      campo('iss', 'ISS retido pela operadora, em centavos (0 se não retido)', 15, 'V'),
      campo('retido', 'ISS retido: S retido pela operadora, N não retido (o prestador recolhe)', 1, 'A'),
      campo('pagamento', 'Número do pagamento que consolidou a solicitação', 12, 'N'),
    ]),
    reg('Rodapé', DES_LARGURA, [
      TIPO('9'),
      campo('notas', 'Quantidade de notas (registros 1)', 6, 'N'),
      campo('valorServicos', 'Soma dos valores dos serviços, em centavos', 15, 'V'),
      campo('base', 'Soma das bases de cálculo do ISS, em centavos', 15, 'V'),
      campo('iss', 'Soma do ISS retido, em centavos', 15, 'V'),
      campo('retidas', 'Quantidade de notas com ISS retido', 6, 'N'),
    ]),
  ],
};

/** The withholdings an invoice line of the accounting file carries, in its order. */
export const TRIBUTOS_NOTA = ['IRRF', 'PIS', 'COFINS', 'CSLL', 'INSS', 'ISS'] as const;

export const LAYOUT_NOTAS_SERVICOS_TOMADOS: Layout = {
  titulo: 'Notas Fiscais de Serviços Tomados (Domínio Sistemas)',
  arquivo: 'CSV separado por ";", ASCII, CRLF, sem linha de títulos; nome NOTAS_SERVICOS_TOMADOS_<AAAAMM>.csv; uma linha por NFS-e recebida de prestador pessoa jurídica',
  separador: ';',
  registros: [
    {
      nome: 'Nota fiscal de serviço tomado',
      campos: [
        COMPETENCIA,
        campo('cnpj', 'CNPJ do prestador', 14, 'N'),
        campo('nome', 'Razão social do prestador', 100, 'A'),
        ...NOTA,
        campo('valorServicos', 'Valor dos serviços, em centavos', 15, 'V'),
        ...TRIBUTOS_NOTA.map((t) => campo(t.toLowerCase(), `${t} retido, em centavos`, 15, 'V')),
        campo('liquido', 'Valor líquido (serviços menos as retenções), em centavos', 15, 'V'),
      ],
    },
  ],
};

const TOMADOS =
  'Cada NFS-e que um prestador pessoa jurídica informou ao pedir o pagamento, das solicitações consolidadas nos pagamentos da competência; as retenções de cada pagamento são repartidas entre as suas notas na proporção do valor de cada solicitação. Pagamentos com rendimento estornado ficam fora; o pagamento de pessoa física (RPA, sem NFS-e) e a solicitação sem NFS-e informada são listados no registro da execução.';

export const exportacaoDes = defineProcesso({
  comando: '/util/exportacao/des',
  tipo: 'des',
  descricao: `Gera a Declaração Eletrônica de Serviços (DES) da competência, com a operadora como tomadora. ${TOMADOS} Prestador sem município no cadastro também fica fora e listado.`,
  campos: {
    competencia: campos.competencia,
    uf: campos.uf,
    municipio: f.ref('Município', 'cidade', { dependsOn: { field: 'uf', target: 'uf' }, help: 'Em branco: os prestadores de todos os municípios.' }),
  },
  regras,
  previa: true,
  layouts: [LAYOUT_DES],
  padroes: () => ({ competencia: mesAtual() }),
});

export const exportacaoNotasServicosTomados = defineProcesso({
  comando: '/util/exportacao/notas-fiscais-servicos-tomados',
  tipo: 'notas-servicos-tomados',
  descricao: `Gera o arquivo das notas fiscais de serviços tomados para a contabilidade (Domínio Sistemas), uma linha por nota com as retenções (IRRF, PIS, COFINS, CSLL, INSS e ISS) e o líquido. ${TOMADOS}`,
  campos: { competencia: campos.competencia },
  regras,
  previa: true,
  layouts: [LAYOUT_NOTAS_SERVICOS_TOMADOS],
  padroes: () => ({ competencia: mesAtual() }),
});
