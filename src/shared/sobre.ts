/**
 * /cadastro/configuracoes/about (spec §2.1, issue 17): what this installation is (version, client, environment,
 * database, build) and the official schemas and public data it ships, with their licence and where the copies came
 * from (../shared/tiss/README.md, ../shared/data/README.md). The server answers GET /api/configuracoes/sobre with
 * these declarations plus what it finds on disk and in the database.
 */

/** Where a source's files live in the product, relative to the project root. */
export type PastaFonte = `src/server/tiss/xsd/${string}` | 'src/server/db/seed/dados';

export interface FonteDeclarada {
  id: string;
  nome: string;
  /** Who publishes it. */
  orgao: string;
  versao: string;
  licenca: string;
  /** Where the product's copy came from (mirror, commit), and what was done to it. */
  origem: string;
  /** What the product uses it for. */
  uso: string;
  pasta: PastaFonte;
  /** File names within the folder (all of the folder's files when absent). */
  arquivos?: readonly string[];
  /** Table whose rows the source fills (counted for the screen). */
  tabela?: 'procedimentos' | 'cids';
}

const ANS_CC = 'Conteúdo público da Agência Nacional de Saúde Suplementar, sob a licença Creative Commons Atribuição-SemDerivações 3.0 (CC BY-ND 3.0): crédito à ANS, sem obras derivadas.';
const W3C = 'O arquivo xmldsig-core-schema.xsd do pacote é do W3C (XML Signature), sob a licença de documentos do W3C.';

export const FONTES: readonly FonteDeclarada[] = [
  {
    id: 'tiss-4.03.00',
    nome: 'Padrão TISS: componente de comunicação (esquemas XSD)',
    orgao: 'ANS',
    versao: '4.03.00 (vigente desde 01/08/2026; obrigatória desde 31/10/2026)',
    licenca: `${ANS_CC} ${W3C}`,
    origem: 'Pacote PadroTISSComunicao_202511.zip publicado pela ANS, copiado sem nenhuma alteração (espelho GitHub luizjuniormedi-ship-it/prontoclinic-hub, commit 281b24f). Arquivos em ISO-8859-1, como a ANS os distribui.',
    uso: 'Conferência dos lotes de guias recebidos dos prestadores e das mensagens TISS que o portal gera.',
    pasta: 'src/server/tiss/xsd/4.03.00',
  },
  {
    id: 'tiss-4.01.00',
    nome: 'Padrão TISS: componente de comunicação (esquemas XSD)',
    orgao: 'ANS',
    versao: '4.01.00 (anterior)',
    licenca: `${ANS_CC} ${W3C}`,
    origem: 'Cópia sem alteração dos esquemas publicados pela ANS (espelho GitHub renatofagalde/app-tiss-schemas, commit 23184d3).',
    uso: 'Lotes de guias ainda enviados na versão anterior, aceitos no período de transição.',
    pasta: 'src/server/tiss/xsd/4.01.00',
  },
  {
    id: 'tiss-monitoramento-1.01.00',
    nome: 'Monitoramento TISS (esquemas XSD)',
    orgao: 'ANS',
    versao: '1.01.00',
    licenca: ANS_CC,
    origem: 'Cópia sem alteração dos esquemas publicados pela ANS (mesmo espelho da versão 4.01.00). A versão 1.06.00, em vigor, não tem esquema público: as remessas seguem a estrutura da 1.01.00.',
    uso: 'Estrutura das remessas de monitoramento TISS da operadora à ANS (o esquema já é carregado pelo conferidor; o portal ainda não gera essas remessas).',
    pasta: 'src/server/tiss/xsd/monitoramento-1.01.00',
  },
  {
    id: 'tuss-22',
    nome: 'TUSS, tabela 22: procedimentos e eventos em saúde',
    orgao: 'ANS',
    versao: 'Correlação TUSS × Rol, 2021',
    licenca: `${ANS_CC} Dado regulatório público.`,
    origem: 'Planilha pública "Correlação TUSS × Rol" da ANS, como publicada no conjunto datasets/tuss_rol_procedimentos_2021.csv do repositório GitHub Databricks-BR/genai_hackathon (commit 05921e4); convertida para CSV em UTF-8, uma linha por código.',
    uso: 'Tabela de procedimentos: códigos e descrições das solicitações, das guias, das faturas e dos preços.',
    pasta: 'src/server/db/seed/dados',
    arquivos: ['tuss-22-procedimentos.csv'],
    tabela: 'procedimentos',
  },
  {
    id: 'cid-10',
    nome: 'CID-10: subcategorias',
    orgao: 'DATASUS, Ministério da Saúde',
    versao: 'CID-10 versão 2008',
    licenca: 'Dado público do DATASUS. A CID-10 é a classificação da Organização Mundial da Saúde, na tradução para o português do Centro Brasileiro de Classificação de Doenças (CBCD).',
    origem: 'Arquivo CID10CSV.zip (subcategorias) do DATASUS, como publicado no mesmo repositório GitHub Databricks-BR/genai_hackathon (commit 05921e4); convertido para CSV em UTF-8.',
    uso: 'Diagnósticos das solicitações de internação e dos anexos, e a conferência de diagnósticos restritos a um sexo.',
    pasta: 'src/server/db/seed/dados',
    arquivos: ['cid10-subcategorias.csv'],
    tabela: 'cids',
  },
];

export interface ArquivoFonte {
  nome: string;
  bytes: number;
  /** SHA-256 (hex) of the file as shipped: compare with the publisher's copy. */
  sha256: string;
}

export interface FonteOficial extends Omit<FonteDeclarada, 'pasta' | 'arquivos' | 'tabela'> {
  arquivos: ArquivoFonte[];
  /** Rows the source fills in the database now (absent when it fills none). */
  registros?: number;
}

/** The answer of GET /api/configuracoes/sobre. */
export interface Sobre {
  versao: string;
  /** The commit the server was built from (null when it runs from the sources). */
  commit: string | null;
  /** When the server was built (ISO date and time; null when it runs from the sources). */
  compilacao: string | null;
  cliente: { id: string; nome: string };
  ambiente: string;
  banco: {
    tipo: 'PGlite' | 'PostgreSQL';
    versao: string;
    migracoes: number;
    /** The last migration applied (its file name without extension). */
    ultimaMigracao: string | null;
    /** Migrations of this version not applied to the database yet. */
    pendentes: number;
  };
  /** What this process does: API and jobs, only API, only jobs. */
  papel: string;
  node: string;
  iniciadoEm: string;
  fontes: FonteOficial[];
}
