/**
 * The subjects that have a resource definition, as a tiny list the initial bundle can afford: the registry attaches
 * the generic resource screen to the command that lists each subject, while the definitions themselves load lazily
 * with the screen. tests/unit/resources.test.ts keeps this list equal to the definitions.
 */
export const RESOURCE_SUBJECTS: readonly string[] = [
  'aviso',
  'gerenciasip', 'basetps', 'descontotps', 'indicadoridss',
  'banco', 'cbo', 'cid', 'classificacaoestabelecimento', 'declaracao', 'especialidade', 'estadocivil', 'feriado', 'grauparentesco', 'pendencia',
  'programasaude', 'questionario', 'situacaofaturamento', 'unidademedida', 'campocriticado', 'motivo', 'motivoafastamento', 'motivodesligamento',
  'motivosaida', 'cidade', 'distrito', 'unimed', 'pais', 'percentualfuncaoexecutante', 'percentualtaxaurgencia', 'percentualviaacesso', 'acordopadraoprocedimentobeneficio',
  'tipoacomodacao', 'classepreco', 'indexador', 'tabpreco', 'portehonorario', 'brasindicematerial', 'brasindicemedicamento',
  'grupoacessoprocedimento', 'grupoprocedimento', 'grupotiss', 'material', 'medicamento', 'grupodente', 'dente', 'facedente', 'regiaodente',
  'procedimento', 'pacote', 'servicoaps', 'taxa', 'tag', 'setorempresa', 'configuracaoresponsavelprotocolo', 'empresa', 'grupoproduto', 'operadora',
  'permissaodata', 'produto', 'tipocargo', 'classificacaomatricula', 'tipocoparticipacao', 'coparticipacao', 'cotauniao', 'faixaetaria',
  'fundosocial', 'fundosocialbeneficiario', 'joia', 'limitecoparticipacao', 'percentualreducaomargem', 'situacaocontratante', 'subsidiocontribuicao',
  'taxacartao', 'tipocontribuicao', 'tipodesconto', 'tipopagamento', 'fundoreserva', 'taxaboleto', 'planoconta', 'eventomensal',
  'mapeamentoplanoconta', 'quotaemprestimo', 'tabelajurosmulta', 'tabelaparcelamentovalor', 'formapagamento', 'grupoimposto', 'historicocontaspagar',
  'iof', 'ipca', 'irrf', 'retencaominima', 'sigla', 'tipoimposto', 'limiteimposto', 'tabelaimposto', 'tipocontaspagar', 'tipodocumento',
  'tipocontasreceber', 'naturezarendimento', 'beneficiario', 'prestador', 'prestadorindireto', 'profissional', 'fornecedor',
];
