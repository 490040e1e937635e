import type { CommandPath } from '../../../commands';
import type { AjudaView } from '../../../commands/modules/ajuda';
import { FILAS, STATUS_LABEL, TIPOS, VALIDADE_SENHA_DIAS } from '../autorizacoes';
import { BUSCA } from '../busca';
import { FLUXO as FLUXO_OUVIDORIA, PRAZO_DIAS_UTEIS, PRAZO_PRORROGADO_DIAS_UTEIS, PRAZO_REABERTURA_DIAS } from '../ouvidoria';
import { REPORT_FORMAT_LABEL } from '../relatorios/define';

/**
 * The help pages of /cadastro/ajuda (spec §2.1, issue 17), written for the operator's staff: one entry per help
 * command (commands/modules/ajuda.ts gives each its title and palette words), read by one screen
 * (src/web/ajuda/AjudaScreen.tsx). Names the product declares elsewhere (statuses, queues, limits, formats) are
 * read from their declarations, so the text cannot drift from them; the shortcut tables of screens are checked
 * against the screens' own lists by tests/unit/ajuda.test.ts.
 */

/** One block of a section. */
export type Bloco =
  | { p: string }
  | { lista: readonly string[] }
  | { passos: readonly string[] }
  /** A table of keys: [as written for people, what they do]. */
  | { teclas: readonly (readonly [string, string])[] }
  /** The workspace's fixed shortcuts and the go-to sequences this user may use, as the "?" panel lists them. */
  | { atalhosDoSistema: true }
  /** Links to screens: only those the reader may open are shown. */
  | { telas: readonly CommandPath[] };

export interface SecaoAjuda {
  titulo: string;
  blocos: readonly Bloco[];
}

export interface PaginaAjuda {
  /** One sentence: what the page answers (the index shows it). */
  resumo: string;
  secoes: readonly SecaoAjuda[];
}

/** The screen shortcuts each page documents (tests/unit/ajuda.test.ts compares them with the screens' lists). */
export const TECLAS_LISTA = [
  ['↑ ↓', 'Escolher a linha (com uma linha da tabela em foco)'],
  ['Enter', 'Abrir a linha escolhida nesta aba'],
  ['Ctrl+Enter', 'Abrir a linha escolhida em nova aba'],
  ['Alt+.', 'Próxima página'],
  ['Alt+,', 'Página anterior'],
] as const;
export const TECLAS_DECISAO = [
  ['Alt+A', 'Autorizar'],
  ['Alt+P', 'Autorizar parcialmente'],
  ['Alt+N', 'Negar'],
  ['Alt+J', 'Pedir justificativa'],
  ['Alt+O', 'Pedir documentos'],
  ['Alt+X', 'Cancelar'],
  ['Alt+,', 'Solicitação anterior na lista'],
  ['Alt+.', 'Próxima solicitação na lista'],
] as const;
export const TECLAS_RESPOSTA = [['Alt+R', 'Enviar a resposta ao auditor']] as const;
export const TECLAS_MANIFESTACAO = [
  ['Alt+A', 'Iniciar a análise'],
  ['Alt+M', 'Encaminhar à área'],
  ['Alt+T', 'Registrar o retorno da área'],
  ['Alt+R', 'Responder ao beneficiário'],
  ['Alt+V', 'Avaliar a resposta e encerrar'],
  ['Alt+X', 'Encerrar a manifestação'],
  ['Alt+B', 'Reabrir a manifestação'],
  ['Alt+,', 'Manifestação anterior na lista'],
  ['Alt+.', 'Próxima manifestação na lista'],
] as const;
export const TECLAS_PROTOCOLO = [
  ['Alt+S', 'Encaminhar ao setor'],
  ['Alt+C', 'Concluir'],
  ['Alt+V', 'Devolver ao remetente'],
  ['Alt+X', 'Cancelar o protocolo'],
  ['Alt+,', 'Protocolo anterior na lista'],
  ['Alt+.', 'Próximo protocolo na lista'],
] as const;
export const TECLAS_ATENDIMENTO = [
  ['Alt+C', 'Concluir o atendimento'],
  ['Alt+X', 'Cancelar o atendimento'],
  ['Alt+R', 'Reabrir o atendimento'],
  ['Alt+,', 'Atendimento anterior na lista'],
  ['Alt+.', 'Próximo atendimento na lista'],
] as const;

const tiposNaFila = (fila: keyof typeof FILAS) => {
  const tipos = FILAS[fila].tipos;
  return tipos ? tipos.map((t) => TIPOS[t].label.toLowerCase()).join(', ') : 'os itens autorizados em parte';
};
const statusAutorizacao = Object.values(STATUS_LABEL).join(', ');
const etapaOuvidoria = (a: keyof typeof FLUXO_OUVIDORIA.transitions) => FLUXO_OUVIDORIA.transitions[a].label;
const formatos = Object.values(REPORT_FORMAT_LABEL).join(', ');

export const PAGINAS: Record<AjudaView, PaginaAjuda> = {
  paleta: {
    resumo: 'Como achar qualquer tela, relatório, ação ou registro pelo teclado, sem percorrer as pastas.',
    secoes: [
      {
        titulo: 'Abrir e fechar',
        blocos: [
          { p: 'Pressione Ctrl+K (⌘K no Mac) em qualquer tela, mesmo com o cursor dentro de um campo, ou clique em "Buscar telas, relatórios…" no alto da página. Ctrl+K de novo ou Esc fecha a paleta e devolve o cursor para onde estava.' },
          { p: 'Alt+T, ou o botão "+" ao lado das abas, abre a paleta já no modo "nova aba": o que você escolher abre numa aba nova.' },
        ],
      },
      {
        titulo: 'Buscar telas',
        blocos: [
          {
            lista: [
              'Digite parte do nome: acentos e maiúsculas não importam ("autorizacao" acha "Autorização").',
              'Iniciais também servem: "cap" acha "Contas a Pagar".',
              'Sinônimos cadastrados em cada tela ajudam: "boleto" acha "Fichas Financeiras" e "Segunda Via de Boleto".',
              'A paleta só mostra o que o seu perfil pode abrir. Ao lado de cada resultado aparecem a pasta em que ele fica, o tipo (tela, pasta, relatório, processo, exportação) e o atalho, quando houver.',
              'Com a busca vazia, as telas que você usou por último aparecem primeiro, marcadas como "recente".',
              'São listados os 1.000 melhores resultados; continue digitando para refinar.',
            ],
          },
          { teclas: [['↑ ↓ PgUp PgDn', 'Percorrer os resultados'], ['Enter', 'Abrir na aba atual'], ['Ctrl+Enter', 'Abrir em nova aba'], ['Esc', 'Fechar a paleta']] },
        ],
      },
      {
        titulo: 'Escopos: ações, relatórios e registros',
        blocos: [
          { p: 'Um sinal no começo da busca troca o que a paleta procura:' },
          {
            teclas: [
              ['>', 'Ações: fechar aba, próxima aba, aba anterior, nova aba, ir para o início, alterar senha (quando a instalação permite), mostrar atalhos de teclado, limpar recentes e sair.'],
              ['#', 'Somente relatórios, pelo nome ou pelo código (por exemplo, #rep075).'],
              [
                '@',
                `Registros: beneficiário por nome, CPF ou matrícula; prestador por nome, CPF ou CNPJ (a partir de ${BUSCA.minimoPrestador} caracteres); autorização pelo número da guia ou pela senha. A busca começa com ${BUSCA.minimo} caracteres, meio segundo depois da última tecla.`,
              ],
            ],
          },
          { p: 'Um registro achado com @ abre numa aba com o nome dele; se já estiver aberto, a aba dele vem para a frente. Ctrl+Enter abre outra aba mesmo assim. Você só acha os registros que o seu perfil pode ver: um prestador acha os próprios pedidos, por exemplo.' },
        ],
      },
    ],
  },

  'abas-atalhos': {
    resumo: 'Como trabalhar com várias telas abertas ao mesmo tempo e quais teclas cada tela aceita.',
    secoes: [
      {
        titulo: 'Abas de trabalho',
        blocos: [
          {
            lista: [
              'Cada tela abre numa aba. As abas ficam guardadas neste navegador para o seu usuário: ao voltar, elas estão como você deixou. Ao sair do sistema, elas são apagadas.',
              'Ctrl+clique ou o clique do meio num bloco ou link abre em nova aba, sem sair da atual.',
              'Até 30 abas ficam abertas; ao abrir mais uma, a mais antiga que não está em uso é fechada.',
              'Uma aba com alterações não salvas fica marcada. Ao fechá-la (Alt+W ou o "×"), o sistema pergunta antes de descartar o que foi digitado.',
              'O endereço do navegador mostra sempre a aba ativa: você pode copiá-lo e enviá-lo a um colega, que abre a mesma tela se tiver permissão.',
            ],
          },
        ],
      },
      {
        titulo: 'Atalhos de todo o sistema',
        blocos: [
          { atalhosDoSistema: true },
          { p: 'Atalhos sem Ctrl ou Alt (como ? e G seguido de uma letra) não disparam enquanto você digita num campo. A tecla ? mostra a qualquer momento a lista completa, começando pelos atalhos da tela que está na frente.' },
        ],
      },
      {
        titulo: 'Atalhos das telas',
        blocos: [
          { p: 'Listas de registros (com uma linha da tabela em foco para as setas e o Enter):' },
          { teclas: TECLAS_LISTA },
          { p: 'Decisão de uma solicitação de autorização, na fila de auditoria:' },
          { teclas: TECLAS_DECISAO },
          { p: 'Resposta do prestador ao auditor:' },
          { teclas: TECLAS_RESPOSTA },
          { p: 'Manifestação da Ouvidoria:' },
          { teclas: TECLAS_MANIFESTACAO },
          { p: 'Protocolo de documentos:' },
          { teclas: TECLAS_PROTOCOLO },
          { p: 'Atendimento (central de relacionamento):' },
          { teclas: TECLAS_ATENDIMENTO },
          { p: 'Os botões dessas telas mostram o atalho ao lado do nome.' },
        ],
      },
    ],
  },

  autorizacoes: {
    resumo: 'Do pedido do prestador à decisão da auditoria: como solicitar, o que acontece depois e como auditar.',
    secoes: [
      {
        titulo: 'Solicitar uma autorização',
        blocos: [
          { p: 'O prestador solicita em nome do próprio estabelecimento; a equipe da operadora pode solicitar em nome de qualquer prestador. Escolha a tela do tipo de guia:' },
          { telas: ['/principal/autorizacao/consultas', '/principal/autorizacao/sp-sadt', '/principal/autorizacao/internacoes', '/principal/autorizacao/prorrogacoes', '/principal/autorizacao/odontologicos', '/principal/autorizacao/orcamento'] },
          {
            passos: [
              'Beneficiário: a equipe da operadora busca por nome, carteirinha ou CPF; o prestador informa a carteirinha ou o CPF completos. A elegibilidade é conferida na hora: beneficiário inativo, suspenso ou em carência recebe a mensagem da operadora e o pedido não segue.',
              'Prestadores: o solicitante (fixo quando quem pede é o próprio prestador), o executante se for outro e o profissional solicitante, por nome ou número no conselho.',
              'Atendimento: o caráter (eletiva ou urgência/emergência) e, na internação e nos anexos de quimioterapia e radioterapia, o CID e os dados clínicos.',
              'Procedimentos solicitados: código TUSS e quantidade de cada um ("Adicionar procedimento" para mais de um).',
              'Anexos: o pedido médico é obrigatório em todos os tipos, exceto consulta, comprovante presencial e guia APS.',
              'Clique em "Enviar solicitação". Um segundo clique, ou o envio repetido por falha de rede, não cria outro pedido.',
            ],
          },
        ],
      },
      {
        titulo: 'Depois do envio',
        blocos: [
          {
            lista: [
              'Uma consulta com um só procedimento, e as guias de SP/SADT, comprovante presencial, sem ônus e APS em que cada item vale até R$ 500,00 e tem quantidade até 3, são autorizadas na hora.',
              `A autorização recebe uma senha, válida por ${VALIDADE_SENHA_DIAS} dias, mostrada na tela e no comprovante.`,
              'As demais solicitações ficam "Em Análise" e entram na fila de auditoria do seu tipo.',
              `Os status possíveis são: ${statusAutorizacao}.`,
              'Cada passo fica no histórico da solicitação, com data, hora e autor.',
            ],
          },
          { telas: ['/principal/autorizacao/autorizacoes', '/principal/autorizacao/historicos-utilizacoes-beneficiarios'] },
        ],
      },
      {
        titulo: 'Auditar',
        blocos: [
          {
            lista: [
              `${FILAS.medica.title}: ${tiposNaFila('medica')}.`,
              `${FILAS.odontologica.title}: ${tiposNaFila('odontologica')}.`,
              `${FILAS.parcial.title}: ${tiposNaFila('parcial')}.`,
              `${FILAS['pre-autorizacoes'].title}: ${tiposNaFila('pre-autorizacoes')}.`,
              `${FILAS.anexos.title}: ${tiposNaFila('anexos')}.`,
            ],
          },
          { telas: [FILAS.medica.command, FILAS.odontologica.command, FILAS.parcial.command] },
          {
            passos: [
              'A fila abre com as solicitações "Em Análise", as de urgência primeiro. Use a busca ao lado para outro status, período, beneficiário, prestador ou procedimento.',
              'Abra uma solicitação: aparecem o beneficiário, os prestadores, a indicação clínica, os anexos e os itens com valor.',
              'Em cada item, informe a quantidade autorizada e, quando negar, o motivo da negativa (tabela 38 da TUSS).',
              'Decida: autorizar, autorizar parcialmente, negar, pedir justificativa, pedir documentos ou cancelar. Alt+, e Alt+. passam para a solicitação anterior e a próxima da fila, sem voltar à lista.',
            ],
          },
          { p: 'Ao pedir justificativa ou documentos, a solicitação aguarda o prestador, que responde no painel "Resposta ao auditor" da própria solicitação, com anexos. A resposta volta para a auditoria. A equipe da operadora pode responder em nome do prestador; o auditor que pediu não pode.' },
        ],
      },
    ],
  },

  beneficiarios: {
    resumo: 'Cadastro, consulta e elegibilidade de beneficiários, e o que o próprio beneficiário vê.',
    secoes: [
      {
        titulo: 'Cadastro',
        blocos: [
          { telas: ['/cadastro/pessoa/beneficiarios'] },
          {
            lista: [
              'A busca ao lado acha por qualquer parte do nome, ou pelo CPF, carteirinha, matrícula ou CNS completos, e filtra por situação, produto, relação de dependência e data de nascimento.',
              'No formulário, CPF, CNS e PIS são conferidos pelos dígitos verificadores. Alguns campos são obrigatórios ou ocultos conforme a configuração da operadora.',
              'Toda inclusão e alteração fica na trilha de auditoria, com o valor anterior e o novo.',
            ],
          },
        ],
      },
      {
        titulo: 'Consultas do dia a dia',
        blocos: [
          { telas: ['/cadastro/beneficiarios/consulta', '/cadastro/consulta-elegibilidade', '/cadastro/pessoa/beneficiarios/busca/sib'] },
          {
            lista: [
              `Consulta de Beneficiário: só leitura, por nome, CPF, carteirinha ou matrícula (a lista de sugestões aparece a partir de ${BUSCA.minimo} caracteres); mostra o cadastro e a família.`,
              'Consulta de Elegibilidade: pela carteirinha ou CPF, diz se o beneficiário pode ser atendido hoje e, se não, por quê (inativo, suspenso, em carência).',
              'Na paleta, @ seguido do nome, CPF ou matrícula abre o cadastro direto.',
            ],
          },
        ],
      },
      {
        titulo: 'Autoatendimento do beneficiário',
        blocos: [
          { p: 'O beneficiário e os dependentes entram com o próprio usuário e veem apenas os seus dados e os da família: o cadastro, a atualização cadastral, o cartão virtual (quando a operadora oferece), as autorizações e a Ouvidoria.' },
          { telas: ['/cadastro/beneficiarios', '/cadastro/beneficiarios/atualizacao-cadastral', '/cadastro/beneficiarios/cartaovirtual'] },
        ],
      },
      {
        titulo: 'Processos sobre beneficiários',
        blocos: [
          { p: 'Mudanças em lote ficam em Utilitários › Processo, cada uma com pré-visualização antes de executar (veja a ajuda de Processos e Exportações):' },
          { telas: ['/util/processo/unificacao-matricula', '/util/processo/tratar-duplicidade-beneficiarios', '/util/processo/alteracao-cartao', '/util/processo/alteracao-matricula', '/util/processo/cancelamento-beneficiario', '/util/processo/gerador-cartao'] },
        ],
      },
    ],
  },

  relatorios: {
    resumo: 'Como filtrar um relatório, ler os totais e gerar o arquivo.',
    secoes: [
      {
        titulo: 'Achar o relatório',
        blocos: [
          { p: 'Os relatórios ficam na pasta Relatórios (G R leva até ela), agrupados por assunto. Na paleta, # seguido do nome ou do código (#rep075) procura só entre relatórios.' },
          { telas: ['/relatorio'] },
        ],
      },
      {
        titulo: 'Filtrar e ler',
        blocos: [
          {
            passos: [
              'Abra "Filtros", preencha os que quiser (período, prestador, produto…) e clique em "Buscar". Datas no formato DD/MM/AAAA.',
              'O alto da tabela mostra quantas linhas e grupos o relatório tem e os totais. Em relatórios agrupados, cada grupo abre com um título e fecha com o subtotal.',
              'Alguns relatórios mostram também um gráfico de barras por grupo.',
            ],
          },
          { p: 'Cada perfil vê apenas as linhas que pode ver: um prestador vê os dados do próprio estabelecimento, por exemplo. Um relatório sobre dados que o portal ainda não registra mostra quais dados ele espera, em vez de filtros que não achariam nada.' },
        ],
      },
      {
        titulo: 'Gerar o arquivo',
        blocos: [
          { p: `Os botões ao lado do total geram o arquivo com os mesmos filtros: ${formatos}. O download começa sozinho quando o arquivo fica pronto. Um relatório grande continua sendo gerado em segundo plano: acompanhe em "Meus processos" (o ícone de lista no alto da página), que avisa quando o arquivo estiver pronto.` },
        ],
      },
    ],
  },

  processos: {
    resumo: 'Como executar um processo ou uma exportação, acompanhar a execução e baixar os arquivos.',
    secoes: [
      {
        titulo: 'Executar',
        blocos: [
          { p: 'Processos (mudanças em lote nos registros) e exportações (arquivos para bancos, órgãos e parceiros) ficam em Utilitários. Cada tela descreve o que faz e pede os seus parâmetros.' },
          {
            passos: [
              'Preencha os parâmetros e, se o processo pede um arquivo, escolha-o: o tipo é conferido antes do envio.',
              'Nos processos que alteram registros, clique em "Pré-visualizar": o sistema diz quantos registros serão alterados e mostra alguns exemplos, sem gravar nada.',
              'Clique em "Executar". Quando a execução altera registros, o sistema pede confirmação repetindo o resumo da pré-visualização.',
            ],
          },
        ],
      },
      {
        titulo: 'Acompanhar',
        blocos: [
          {
            lista: [
              'A execução continua no servidor mesmo que você feche a aba ou saia do sistema.',
              '"Suas execuções", no pé da tela, mostra o andamento, o registro passo a passo e os arquivos gerados.',
              '"Meus processos", no alto da página, reúne as suas execuções de todas as telas e avisa quando cada uma termina.',
              'Uma exportação sai no leiaute combinado com a operadora; um valor que não cabe no leiaute faz a execução falhar com o nome do campo, nunca é cortado.',
              'Uma exportação sobre dados que o portal ainda não registra diz quais dados espera.',
            ],
          },
          { telas: ['/util/exportacao/arquivos-gerados', '/util/importacoes', '/util/analise/log-importacao'] },
          { p: 'Só baixa um arquivo quem pode abrir a tela que o gerou. Execuções agendadas (todo dia, toda semana ou todo mês, num horário) são configuradas pelos administradores na própria tela do processo.' },
        ],
      },
    ],
  },

  ouvidoria: {
    resumo: 'Registro, prazos e etapas de uma manifestação, da análise ao encerramento.',
    secoes: [
      {
        titulo: 'Registrar',
        blocos: [
          { telas: ['/ouvidoria/registro-manifestacao'] },
          {
            lista: [
              'O beneficiário registra pelo próprio acesso; a equipe da Ouvidoria registra o que chega por telefone, e-mail, carta ou presencialmente, informando o canal.',
              'A Ouvidoria é canal de recurso: para reclamação e solicitação, informe o protocolo do atendimento em primeira instância (20 dígitos).',
              'Ao registrar, a manifestação recebe um número de protocolo, mostrado no comprovante.',
            ],
          },
        ],
      },
      {
        titulo: 'Prazos',
        blocos: [
          {
            lista: [
              `A resposta ao beneficiário deve sair em até ${PRAZO_DIAS_UTEIS} dias úteis do registro. Um caso complexo pode ter o prazo prorrogado uma vez, para até ${PRAZO_PRORROGADO_DIAS_UTEIS} dias úteis, com justificativa.`,
              'A lista mostra quantos dias úteis faltam, "Vence hoje" ou há quanto tempo está atrasada.',
              `Depois da resposta, o beneficiário pode reabrir a manifestação em até ${PRAZO_REABERTURA_DIAS} dias.`,
            ],
          },
        ],
      },
      {
        titulo: 'Etapas',
        blocos: [
          { telas: ['/ouvidoria/manifestacoes'] },
          {
            passos: [
              `${etapaOuvidoria('analisar')}: a Ouvidoria assume a manifestação.`,
              `${etapaOuvidoria('encaminhar')}: com uma nota interna, que o beneficiário não vê.`,
              `${etapaOuvidoria('retornar')}: o que a área respondeu.`,
              `${etapaOuvidoria('responder')}: a resposta ao beneficiário.`,
              `${etapaOuvidoria('avaliar')} (pelo beneficiário) ou ${etapaOuvidoria('encerrar').toLowerCase()} (pela Ouvidoria).`,
            ],
          },
          { p: 'Cada etapa fica no histórico da manifestação. Os atalhos das etapas estão na ajuda de Abas e Atalhos de Teclado.' },
        ],
      },
    ],
  },

  'usuarios-perfis': {
    resumo: 'Quem entra no sistema e o que cada um pode abrir: usuários, perfis de permissões, senhas e sessões.',
    secoes: [
      {
        titulo: 'Usuários',
        blocos: [
          { telas: ['/cadastro/acesso/usuarios'] },
          {
            lista: [
              'Somente administradores cadastram e alteram usuários.',
              'Ao criar um usuário, o sistema mostra uma senha temporária uma única vez; no primeiro acesso a pessoa escolhe a própria senha.',
              'Os papéis dizem quem a pessoa é (operadora, prestador, beneficiário, auditor…); um beneficiário ou prestador fica vinculado ao seu cadastro e só vê os próprios dados.',
              'O grupo de senha decide a regra: senha forte, que expira em 90 dias, ou senha simples, sem expiração.',
              'Bloquear usuário impede a entrada na hora. Redefinir senha gera nova senha temporária. Encerrar sessões desconecta a pessoa em todos os dispositivos.',
            ],
          },
        ],
      },
      {
        titulo: 'Perfis de permissões',
        blocos: [
          { telas: ['/cadastro/acesso/config-permissoes'] },
          {
            lista: [
              'Um perfil é um conjunto de permissões com nome (por exemplo, auditoria médica). As permissões de um usuário são a soma dos perfis dele.',
              'Marque na árvore as pastas e telas do perfil e, em cada uma, as ações (incluir, alterar, excluir, visualizar, exportar…). A busca acha a tela pelo nome.',
              'A mudança vale na próxima ação de quem tem o perfil, sem precisar sair e entrar de novo.',
            ],
          },
        ],
      },
      {
        titulo: 'Regras de acesso',
        blocos: [
          { telas: ['/cadastro/acesso/regras'] },
          {
            lista: [
              'Um grupo de regras diz quando e de onde os usuários podem trabalhar: dias da semana, horário (de Brasília), um período de datas, as datas liberadas de um processo em Permissões de Datas e, se quiser, só a partir de certas redes (endereços IP ou CIDR).',
              'O grupo vale para quem tem um dos perfis marcados e para os usuários escolhidos. Basta uma regra do grupo deixar entrar; quem está em vários grupos precisa passar por todos.',
              'Fora da janela, o login é recusado com o motivo, e quem já estava no sistema volta à tela de entrada com o mesmo aviso na próxima ação.',
              'Administradores nunca são restringidos, para que ninguém perca o acesso à administração.',
            ],
          },
        ],
      },
      {
        titulo: 'Clonar e migrar usuários',
        blocos: [
          { telas: ['/cadastro/acesso/clonar-usuario', '/cadastro/acesso/migracao-usuario'] },
          {
            lista: [
              'Clonar cria um usuário com os papéis, os perfis e as regras de outro, com login, nome e e-mail próprios e uma senha temporária.',
              'Migrar passa os perfis, os atendimentos em andamento e os processos agendados de um usuário para outro, depois de mostrar o que muda; o usuário de origem pode ser bloqueado em seguida.',
            ],
          },
        ],
      },
      {
        titulo: 'Acompanhamento',
        blocos: [
          { telas: ['/cadastro/acesso/trilha-auditoria', '/util/analise/fila-sessao'] },
          { p: 'A trilha de auditoria registra quem alterou o quê e quando, com os valores antes e depois. A fila de sessões mostra quem está conectado e permite encerrar uma sessão.' },
        ],
      },
    ],
  },

  'lote-tiss': {
    resumo: 'Como o prestador envia o faturamento em lote TISS e recebe o protocolo.',
    secoes: [
      {
        titulo: 'O arquivo',
        blocos: [
          {
            lista: [
              'Um lote de guias no padrão TISS da ANS (mensagem de envio de lote de guias), versão 4.03.00 ou 4.01.00, gerado pelo sistema do prestador.',
              'Até 100 guias de um só tipo por lote (SP/SADT ou consulta).',
              'Codificação ISO-8859-1, como o padrão define. O arquivo não deve ser editado depois de gerado: o código de conferência (hash) do final do arquivo deixa de bater.',
            ],
          },
        ],
      },
      {
        titulo: 'Enviar',
        blocos: [
          { telas: ['/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss'] },
          {
            passos: [
              'Escolha o arquivo XML do lote.',
              'Clique em "Pré-visualizar" para conferir o lote sem gravar nada, ou em "Executar" para enviar.',
              'O lote é conferido pelo esquema oficial da ANS, pelo hash, pelo prestador e pelos procedimentos da tabela TUSS antes de gravar qualquer guia.',
              'Lote aceito: recebe o número de protocolo, e o comprovante em PDF fica entre os arquivos da execução.',
              'Lote recusado: nada é gravado, e a mensagem diz a linha do arquivo e o motivo. Corrija no sistema de origem e envie de novo.',
            ],
          },
          { telas: ['/principal/faturamento/protocolos-recebimentos-prestadores'] },
        ],
      },
    ],
  },
};

/** A page's whole text, folded for the help index's filter (titles come from the commands). */
export function textoDaPagina(p: PaginaAjuda): string {
  const partes: string[] = [p.resumo];
  for (const s of p.secoes) {
    partes.push(s.titulo);
    for (const b of s.blocos) {
      if ('p' in b) partes.push(b.p);
      else if ('lista' in b) partes.push(...b.lista);
      else if ('passos' in b) partes.push(...b.passos);
      else if ('teclas' in b) partes.push(...b.teclas.flat());
    }
  }
  return partes.join(' ');
}
