/**
 * libxml2 reports schema and syntax errors in English; the provider reads them in Portuguese, with the element's
 * name as the schema spells it (without the namespace). A message this table does not know keeps the element and
 * says that it breaks the schema, never the English text.
 */

const nome = (q: string) => q.replace(/\{[^}]*\}/g, '').trim();
const lista = (s: string) =>
  s
    .split(',')
    .map((x) => nome(x))
    .filter(Boolean)
    .join(', ');

type Regra = [RegExp, (m: RegExpExecArray) => string];

const ELEMENTO: Regra[] = [
  [/This element is not expected\. Expected is one of \( (.*) \)/, (m) => `elemento fora do lugar; era esperado um destes: ${lista(m[1])}`],
  [/This element is not expected\. Expected is \( (.*) \)/, (m) => `elemento fora do lugar; era esperado ${lista(m[1])}`],
  [/This element is not expected/, () => 'elemento não previsto neste ponto da mensagem'],
  [/Missing child element\(s\)\. Expected is one of \( (.*) \)/, (m) => `falta um elemento obrigatório; era esperado um destes: ${lista(m[1])}`],
  [/Missing child element\(s\)\. Expected is \( (.*) \)/, (m) => `falta o elemento obrigatório ${lista(m[1])}`],
  [/\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern '(.*)'/, (m) => `o valor "${m[1]}" não está no formato exigido (${m[2]})`],
  [/\[facet 'enumeration'\] The value '(.*)' is not an element of the set \{(.*)\}/, (m) => `o valor "${m[1]}" não é um dos códigos aceitos (${m[2].replace(/'/g, '')})`],
  [/\[facet '(?:maxLength|length)'\] The value (?:'.*' )?has a length of '(\d+)'; this (?:exceeds the allowed maximum length|differs from the allowed length) of '(\d+)'/, (m) => `o valor tem ${m[1]} caracteres; o limite é ${m[2]}`],
  [/\[facet 'minLength'\] The value (?:'.*' )?has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/, (m) => `o valor tem ${m[1]} caracteres; o mínimo é ${m[2]}`],
  [/\[facet 'fractionDigits'\] The value '(.*)' has more fractional digits than are allowed \('(\d+)'\)/, (m) => `o valor "${m[1]}" tem mais de ${m[2]} casas decimais`],
  [/\[facet 'totalDigits'\] The value '(.*)' has more digits than are allowed \('(\d+)'\)/, (m) => `o valor "${m[1]}" tem mais de ${m[2]} dígitos`],
  [/\[facet '(?:minInclusive|maxInclusive|minExclusive|maxExclusive)'\] The value '(.*)' is/, (m) => `o valor "${m[1]}" está fora do intervalo permitido`],
  [/'(.*)' is not a valid value of the (?:local )?(?:atomic|union|list) type(?: '(.*)')?/, (m) => tipo(m[1], m[2])],
  [/Character content other than whitespace is not allowed/, () => 'texto não permitido dentro deste elemento (ele só contém outros elementos)'],
  [/No matching global declaration available for the validation root/, () => 'não é uma mensagem TISS (o elemento raiz deve ser mensagemTISS)'],
  [/The attribute '(.*)' is not allowed/, (m) => `o atributo ${nome(m[1])} não é permitido`],
];

function tipo(valor: string, t = ''): string {
  const n = nome(t);
  if (/(?:^st_data|date)$/.test(n)) return `"${valor}" não é uma data válida (AAAA-MM-DD)`;
  if (/(?:^st_hora|time)$/.test(n)) return `"${valor}" não é uma hora válida (HH:MM:SS)`;
  if (/dataHora|dateTime/.test(n)) return `"${valor}" não é uma data e hora válida (AAAA-MM-DDTHH:MM:SS)`;
  if (/decimal/.test(n)) return `"${valor}" não é um valor decimal válido`;
  if (/integer|numerico/.test(n)) return `"${valor}" não é um número inteiro válido`;
  return `o valor "${valor}" não é válido para este campo`;
}

const SINTAXE: Regra[] = [
  [/Opening and ending tag mismatch: (\S+) line \d+ and (\S+)/, (m) => `a marca ${m[1]} foi aberta e fechada como ${m[2]}`],
  [/Premature end of data in tag (\S+)/, (m) => `o arquivo termina antes de fechar a marca ${m[1]}`],
  [/Document is empty/, () => 'o arquivo está vazio'],
  [/Start tag expected/, () => 'o arquivo não começa com uma marca XML'],
  [/Extra content at the end of the document/, () => 'há conteúdo depois do fim da mensagem'],
  [/EntityRef: expecting ';'|xmlParseEntityRef/, () => 'caractere "&" sem escape (use &amp;)'],
  [/Input is not proper UTF-8/, () => 'o texto não é UTF-8 válido; declare encoding="ISO-8859-1" se o arquivo for ISO-8859-1'],
  [/Unsupported encoding/, () => 'codificação não aceita: envie ISO-8859-1 ou UTF-8'],
];

/** One libxml2 message in Portuguese. */
export function mensagemDoEsquema(msg: string): string {
  const el = /^Element '([^']+)'(?:, attribute '[^']+')?: ([\s\S]*)$/.exec(msg);
  if (el) {
    const campo = nome(el[1]);
    for (const [re, f] of ELEMENTO) {
      const m = re.exec(el[2]);
      if (m) return `Elemento ${campo}: ${f(m)}.`;
    }
    return `Elemento ${campo}: não segue o esquema TISS.`;
  }
  for (const [re, f] of SINTAXE) {
    const m = re.exec(msg);
    if (m) return `XML mal formado: ${f(m)}.`;
  }
  return 'XML mal formado: o arquivo não pôde ser lido como XML.';
}
