import { fnv } from './tuss';

/**
 * The operator's price tables beside TUSS 22: materials and OPME (TUSS 19), medications (TUSS 20), their Brasíndice
 * entries, hospital fees and daily rates (TUSS 18), packages and primary-care services. Written as data, one real
 * item per line, with the unit a hospital buys it in and a market price for that unit (2025, in reais here,
 * centavos in the rows). The official TUSS 19/20 and Brasíndice tables are not shipped with the product: their codes
 * here follow the tables' formats (8-digit TUSS codes, 11-digit ANVISA registration of a medical device, 13-digit
 * registration of a medicine), derived deterministically from the item, not looked up.
 */

const centavos = (reais: number) => Math.round(reais * 100);
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Where an OPME item is used (the specialty whose OPME attachments request it). */
export type AreaOpme = 'ORTOPEDIA' | 'CARDIOLOGIA' | 'CIRURGIA';

interface MaterialDado {
  descricao: string;
  unidade: string;
  reais: number;
  fabricante: string;
  opme?: AreaOpme | 'OUTRA';
}

/** Materials (unit price) and OPME: only implants, stents, prostheses, screws, plates, pacemakers and the like are OPME. */
const MATERIAIS: MaterialDado[] = [
  { descricao: 'Luva de procedimento não estéril de látex, tamanho M', unidade: 'UN', reais: 0.42, fabricante: 'Supermax' },
  { descricao: 'Luva cirúrgica estéril de látex nº 7,5', unidade: 'PAR', reais: 2.1, fabricante: 'Mucambo' },
  { descricao: 'Seringa descartável 10 ml sem agulha', unidade: 'UN', reais: 0.62, fabricante: 'BD' },
  { descricao: 'Seringa descartável 5 ml com agulha 25 x 7', unidade: 'UN', reais: 0.55, fabricante: 'Descarpack' },
  { descricao: 'Agulha hipodérmica descartável 40 x 12', unidade: 'UN', reais: 0.16, fabricante: 'BD' },
  { descricao: 'Cateter intravenoso periférico 22G', unidade: 'UN', reais: 2.35, fabricante: 'B. Braun' },
  { descricao: 'Cateter intravenoso periférico 20G', unidade: 'UN', reais: 2.35, fabricante: 'B. Braun' },
  { descricao: 'Scalp para infusão venosa 21G', unidade: 'UN', reais: 0.95, fabricante: 'Descarpack' },
  { descricao: 'Equipo macrogotas para infusão gravitacional', unidade: 'UN', reais: 3.9, fabricante: 'Embramed' },
  { descricao: 'Equipo para bomba de infusão volumétrica', unidade: 'UN', reais: 28.5, fabricante: 'B. Braun' },
  { descricao: 'Torneira de três vias descartável', unidade: 'UN', reais: 1.8, fabricante: 'Embramed' },
  { descricao: 'Gaze estéril 7,5 x 7,5 cm, pacote com 10 unidades', unidade: 'PC', reais: 1.45, fabricante: 'Cremer' },
  { descricao: 'Compressa cirúrgica estéril 45 x 50 cm, pacote com 5 unidades', unidade: 'PC', reais: 9.8, fabricante: 'Cremer' },
  { descricao: 'Atadura de crepom 15 cm x 1,8 m', unidade: 'RL', reais: 1.2, fabricante: 'Cremer' },
  { descricao: 'Esparadrapo impermeável 10 cm x 4,5 m', unidade: 'RL', reais: 6.9, fabricante: 'Missner' },
  { descricao: 'Fio de sutura de náilon monofilamentar 3-0 com agulha', unidade: 'UN', reais: 4.8, fabricante: 'Ethicon' },
  { descricao: 'Fio de sutura absorvível de poliglactina 2-0 com agulha', unidade: 'UN', reais: 18.9, fabricante: 'Ethicon' },
  { descricao: 'Lâmina de bisturi nº 15 em aço carbono', unidade: 'UN', reais: 0.7, fabricante: 'Solidor' },
  { descricao: 'Sonda vesical de Foley 2 vias nº 16', unidade: 'UN', reais: 6.4, fabricante: 'Medsonda' },
  { descricao: 'Sonda nasogástrica longa nº 12', unidade: 'UN', reais: 2.1, fabricante: 'Medsonda' },
  { descricao: 'Coletor de urina de sistema fechado 2.000 ml', unidade: 'UN', reais: 8.7, fabricante: 'Embramed' },
  { descricao: 'Máscara cirúrgica descartável tripla com elástico', unidade: 'UN', reais: 0.25, fabricante: 'Descarpack' },
  { descricao: 'Avental cirúrgico descartável estéril, tamanho G', unidade: 'UN', reais: 12.5, fabricante: 'Cremer' },
  { descricao: 'Campo cirúrgico descartável estéril 1,5 x 1,5 m', unidade: 'UN', reais: 14.8, fabricante: 'Cremer' },
  { descricao: 'Eletrodo descartável para monitorização cardíaca', unidade: 'UN', reais: 0.55, fabricante: '3M' },
  { descricao: 'Tubo endotraqueal com balão nº 7,5', unidade: 'UN', reais: 12.9, fabricante: 'Medtronic' },
  { descricao: 'Dreno de tórax tubular nº 28', unidade: 'UN', reais: 38, fabricante: 'Biomedical' },
  { descricao: 'Bolsa de colostomia drenável recortável', unidade: 'UN', reais: 14.2, fabricante: 'Coloplast' },
  { descricao: 'Kit de curativo estéril descartável', unidade: 'KIT', reais: 11.4, fabricante: 'Cremer' },
  { descricao: 'Curativo de hidrocoloide 10 x 10 cm', unidade: 'UN', reais: 24.9, fabricante: 'Convatec' },
  // OPME
  { descricao: 'Stent coronário farmacológico eluidor de everolimus', unidade: 'UN', reais: 4900, fabricante: 'Abbott', opme: 'CARDIOLOGIA' },
  { descricao: 'Stent coronário convencional de cromo-cobalto', unidade: 'UN', reais: 1850, fabricante: 'Boston Scientific', opme: 'CARDIOLOGIA' },
  { descricao: 'Cateter balão para angioplastia coronária', unidade: 'UN', reais: 1200, fabricante: 'Boston Scientific', opme: 'CARDIOLOGIA' },
  { descricao: 'Marca-passo cardíaco definitivo bicameral com eletrodos', unidade: 'CONJ', reais: 19800, fabricante: 'Medtronic', opme: 'CARDIOLOGIA' },
  { descricao: 'Cardiodesfibrilador implantável com eletrodo', unidade: 'CONJ', reais: 58000, fabricante: 'Biotronik', opme: 'CARDIOLOGIA' },
  { descricao: 'Prótese valvar aórtica biológica de pericárdio bovino', unidade: 'UN', reais: 14000, fabricante: 'Braile Biomédica', opme: 'CARDIOLOGIA' },
  { descricao: 'Endoprótese aórtica abdominal bifurcada', unidade: 'CONJ', reais: 68000, fabricante: 'Medtronic', opme: 'CARDIOLOGIA' },
  { descricao: 'Prótese total de quadril cimentada (componentes acetabular e femoral)', unidade: 'CONJ', reais: 9800, fabricante: 'Zimmer Biomet', opme: 'ORTOPEDIA' },
  { descricao: 'Prótese total de quadril não cimentada', unidade: 'CONJ', reais: 16500, fabricante: 'Stryker', opme: 'ORTOPEDIA' },
  { descricao: 'Prótese total de joelho com polietileno fixo', unidade: 'CONJ', reais: 14900, fabricante: 'Smith & Nephew', opme: 'ORTOPEDIA' },
  { descricao: 'Parafuso cortical 3,5 mm de aço inoxidável', unidade: 'UN', reais: 95, fabricante: 'Baumer', opme: 'ORTOPEDIA' },
  { descricao: 'Parafuso pedicular poliaxial de titânio para coluna', unidade: 'UN', reais: 1450, fabricante: 'Medtronic', opme: 'ORTOPEDIA' },
  { descricao: 'Placa de compressão dinâmica 4,5 mm com 8 furos', unidade: 'UN', reais: 1350, fabricante: 'Baumer', opme: 'ORTOPEDIA' },
  { descricao: 'Placa bloqueada de titânio para rádio distal', unidade: 'UN', reais: 3200, fabricante: 'DePuy Synthes', opme: 'ORTOPEDIA' },
  { descricao: 'Haste intramedular bloqueada de fêmur', unidade: 'UN', reais: 4800, fabricante: 'DePuy Synthes', opme: 'ORTOPEDIA' },
  { descricao: 'Cage intersomático lombar de PEEK', unidade: 'UN', reais: 5600, fabricante: 'Medtronic', opme: 'ORTOPEDIA' },
  { descricao: 'Âncora de sutura de titânio para ombro', unidade: 'UN', reais: 1900, fabricante: 'Arthrex', opme: 'ORTOPEDIA' },
  { descricao: 'Tela de polipropileno para hernioplastia 15 x 15 cm', unidade: 'UN', reais: 180, fabricante: 'Ethicon', opme: 'CIRURGIA' },
  { descricao: 'Tela de polipropileno com barreira antiaderente para hérnia incisional 20 x 25 cm', unidade: 'UN', reais: 2400, fabricante: 'Medtronic', opme: 'CIRURGIA' },
  { descricao: 'Prótese mamária de silicone texturizada, par', unidade: 'PAR', reais: 3800, fabricante: 'Silimed', opme: 'CIRURGIA' },
  { descricao: 'Lente intraocular dobrável de acrílico', unidade: 'UN', reais: 650, fabricante: 'Alcon', opme: 'OUTRA' },
  { descricao: 'Placa de titânio do sistema 2,0 mm para bucomaxilofacial', unidade: 'UN', reais: 650, fabricante: 'Neoortho', opme: 'OUTRA' },
];

/** A medical device's registration (11 digits): manufacturer's number (4) and product's (5) after the '80' of the class. */
const registroDispositivo = (fabricante: string, descricao: string) => `80${pad(fnv(fabricante) % 10_000, 4)}${pad(fnv(descricao) % 100_000, 5)}`;
/**
 * A medicine's registration (13 digits): '1', company (4), product (4), presentation (3) and a check digit (here
 * the sum of the others mod 10: the format, not ANVISA's own digit).
 */
function registroMedicamento(laboratorio: string, produto: string, apresentacao: string) {
  const base = `1${pad(fnv(laboratorio) % 10_000, 4)}${pad(fnv(produto) % 10_000, 4)}${pad(fnv(apresentacao) % 1000, 3)}`;
  return base + String([...base].reduce((s, d) => s + Number(d), 0) % 10);
}

/** Distinct 8-digit codes from the descriptions, starting with the table's digit (7 materials, 9 medications). */
function codigos(prefixo: string, itens: string[]): string[] {
  const usados = new Set<string>();
  return itens.map((d) => {
    let n = fnv(d) % 10_000_000;
    while (usados.has(`${prefixo}${pad(n, 7)}`)) n = (n + 7919) % 10_000_000;
    usados.add(`${prefixo}${pad(n, 7)}`);
    return `${prefixo}${pad(n, 7)}`;
  });
}

export interface MaterialSemente {
  codigo: string;
  descricao: string;
  unidade: string;
  opme: boolean;
  area: AreaOpme | null;
  registroAnvisa: string;
  fabricante: string;
  valor: number;
}
const codigosMateriais = codigos('7', MATERIAIS.map((m) => m.descricao));
export const MATERIAIS_SEMENTE: MaterialSemente[] = MATERIAIS.map((m, i) => ({
  codigo: codigosMateriais[i],
  descricao: m.descricao,
  unidade: m.unidade,
  opme: !!m.opme,
  area: m.opme && m.opme !== 'OUTRA' ? m.opme : null,
  registroAnvisa: registroDispositivo(m.fabricante, m.descricao),
  fabricante: m.fabricante,
  valor: centavos(m.reais),
}));

interface MedicamentoDado {
  descricao: string;
  principioAtivo: string;
  apresentacao: string;
  unidade: string;
  reais: number;
  laboratorio: string;
}

/** Medications, priced per unit dispensed (ampoule, vial, bag, tablet…). */
const MEDICAMENTOS: MedicamentoDado[] = [
  { descricao: 'Dipirona sódica 500 mg/ml solução injetável', principioAtivo: 'Dipirona sódica', apresentacao: 'Ampola de 2 ml', unidade: 'AMP', reais: 1.35, laboratorio: 'Hypofarma' },
  { descricao: 'Ceftriaxona 1 g pó para solução injetável', principioAtivo: 'Ceftriaxona dissódica', apresentacao: 'Frasco-ampola', unidade: 'FA', reais: 12.8, laboratorio: 'Eurofarma' },
  { descricao: 'Cefazolina 1 g pó para solução injetável', principioAtivo: 'Cefazolina sódica', apresentacao: 'Frasco-ampola', unidade: 'FA', reais: 9.5, laboratorio: 'ABL' },
  { descricao: 'Vancomicina 500 mg pó para solução injetável', principioAtivo: 'Cloridrato de vancomicina', apresentacao: 'Frasco-ampola', unidade: 'FA', reais: 22, laboratorio: 'Eurofarma' },
  { descricao: 'Meropeném 1 g pó para solução injetável', principioAtivo: 'Meropeném tri-hidratado', apresentacao: 'Frasco-ampola', unidade: 'FA', reais: 68, laboratorio: 'Sandoz' },
  { descricao: 'Omeprazol 40 mg pó liofilizado para solução injetável', principioAtivo: 'Omeprazol sódico', apresentacao: 'Frasco-ampola com diluente', unidade: 'FA', reais: 18.9, laboratorio: 'Eurofarma' },
  { descricao: 'Ondansetrona 2 mg/ml solução injetável', principioAtivo: 'Cloridrato de ondansetrona', apresentacao: 'Ampola de 4 ml', unidade: 'AMP', reais: 6.7, laboratorio: 'Cristália' },
  { descricao: 'Dexametasona 4 mg/ml solução injetável', principioAtivo: 'Fosfato dissódico de dexametasona', apresentacao: 'Frasco-ampola de 2,5 ml', unidade: 'FA', reais: 2.4, laboratorio: 'Hypofarma' },
  { descricao: 'Furosemida 10 mg/ml solução injetável', principioAtivo: 'Furosemida', apresentacao: 'Ampola de 2 ml', unidade: 'AMP', reais: 1.1, laboratorio: 'Hypofarma' },
  { descricao: 'Morfina 10 mg/ml solução injetável', principioAtivo: 'Sulfato de morfina', apresentacao: 'Ampola de 1 ml', unidade: 'AMP', reais: 5.6, laboratorio: 'Cristália' },
  { descricao: 'Tramadol 50 mg/ml solução injetável', principioAtivo: 'Cloridrato de tramadol', apresentacao: 'Ampola de 2 ml', unidade: 'AMP', reais: 3.2, laboratorio: 'Cristália' },
  { descricao: 'Midazolam 5 mg/ml solução injetável', principioAtivo: 'Cloridrato de midazolam', apresentacao: 'Ampola de 3 ml', unidade: 'AMP', reais: 4.3, laboratorio: 'Cristália' },
  { descricao: 'Propofol 10 mg/ml emulsão injetável', principioAtivo: 'Propofol', apresentacao: 'Frasco-ampola de 20 ml', unidade: 'FA', reais: 18, laboratorio: 'Fresenius Kabi' },
  { descricao: 'Noradrenalina 2 mg/ml solução injetável', principioAtivo: 'Hemitartarato de norepinefrina', apresentacao: 'Ampola de 4 ml', unidade: 'AMP', reais: 8.9, laboratorio: 'Hypofarma' },
  { descricao: 'Heparina sódica 5.000 UI/0,25 ml solução injetável', principioAtivo: 'Heparina sódica', apresentacao: 'Ampola de 0,25 ml', unidade: 'AMP', reais: 9.8, laboratorio: 'Blau Farmacêutica' },
  { descricao: 'Enoxaparina sódica 40 mg/0,4 ml solução injetável', principioAtivo: 'Enoxaparina sódica', apresentacao: 'Seringa preenchida de 0,4 ml', unidade: 'SER', reais: 28.4, laboratorio: 'Sanofi' },
  { descricao: 'Lidocaína 2% sem vasoconstritor solução injetável', principioAtivo: 'Cloridrato de lidocaína', apresentacao: 'Frasco-ampola de 20 ml', unidade: 'FA', reais: 6.2, laboratorio: 'Hypofarma' },
  { descricao: 'Cloreto de sódio 0,9% solução injetável 500 ml', principioAtivo: 'Cloreto de sódio', apresentacao: 'Bolsa de 500 ml', unidade: 'BOLS', reais: 4.9, laboratorio: 'Baxter' },
  { descricao: 'Ringer com lactato solução injetável 500 ml', principioAtivo: 'Cloreto de sódio, cloreto de potássio, cloreto de cálcio e lactato de sódio', apresentacao: 'Bolsa de 500 ml', unidade: 'BOLS', reais: 5.4, laboratorio: 'Fresenius Kabi' },
  { descricao: 'Glicose 5% solução injetável 500 ml', principioAtivo: 'Glicose', apresentacao: 'Bolsa de 500 ml', unidade: 'BOLS', reais: 4.8, laboratorio: 'Baxter' },
  { descricao: 'Insulina humana NPH 100 UI/ml suspensão injetável', principioAtivo: 'Insulina humana isófana', apresentacao: 'Frasco-ampola de 10 ml', unidade: 'FA', reais: 42, laboratorio: 'Novo Nordisk' },
  { descricao: 'Paracetamol 500 mg comprimido', principioAtivo: 'Paracetamol', apresentacao: 'Comprimido', unidade: 'COM', reais: 0.12, laboratorio: 'EMS' },
  { descricao: 'Amoxicilina 500 mg cápsula', principioAtivo: 'Amoxicilina tri-hidratada', apresentacao: 'Cápsula', unidade: 'CAP', reais: 0.48, laboratorio: 'EMS' },
  { descricao: 'Losartana potássica 50 mg comprimido revestido', principioAtivo: 'Losartana potássica', apresentacao: 'Comprimido revestido', unidade: 'COM', reais: 0.22, laboratorio: 'Medley' },
  { descricao: 'Metformina 850 mg comprimido', principioAtivo: 'Cloridrato de metformina', apresentacao: 'Comprimido', unidade: 'COM', reais: 0.18, laboratorio: 'Merck' },
  { descricao: 'Omeprazol 20 mg cápsula', principioAtivo: 'Omeprazol', apresentacao: 'Cápsula de liberação retardada', unidade: 'CAP', reais: 0.25, laboratorio: 'Medley' },
  { descricao: 'Cisplatina 1 mg/ml solução injetável', principioAtivo: 'Cisplatina', apresentacao: 'Frasco-ampola de 50 ml', unidade: 'FA', reais: 89, laboratorio: 'Eurofarma' },
  { descricao: 'Carboplatina 10 mg/ml solução injetável', principioAtivo: 'Carboplatina', apresentacao: 'Frasco-ampola de 45 ml', unidade: 'FA', reais: 310, laboratorio: 'Eurofarma' },
  { descricao: 'Paclitaxel 6 mg/ml solução injetável', principioAtivo: 'Paclitaxel', apresentacao: 'Frasco-ampola de 50 ml', unidade: 'FA', reais: 680, laboratorio: 'Sandoz' },
  { descricao: 'Trastuzumabe 440 mg pó liofilizado para solução injetável', principioAtivo: 'Trastuzumabe', apresentacao: 'Frasco-ampola com diluente', unidade: 'FA', reais: 7900, laboratorio: 'Roche' },
  { descricao: 'Bevacizumabe 25 mg/ml solução injetável', principioAtivo: 'Bevacizumabe', apresentacao: 'Frasco-ampola de 16 ml', unidade: 'FA', reais: 6200, laboratorio: 'Roche' },
  { descricao: 'Ácido zoledrônico 4 mg/5 ml solução injetável', principioAtivo: 'Ácido zoledrônico', apresentacao: 'Frasco-ampola de 5 ml', unidade: 'FA', reais: 280, laboratorio: 'Novartis' },
  { descricao: 'Filgrastim 300 mcg/ml solução injetável', principioAtivo: 'Filgrastim', apresentacao: 'Frasco-ampola de 1 ml', unidade: 'FA', reais: 95, laboratorio: 'Blau Farmacêutica' },
];

export interface MedicamentoSemente {
  codigo: string;
  descricao: string;
  principioAtivo: string;
  apresentacao: string;
  unidade: string;
  registroAnvisa: string;
  laboratorio: string;
  valor: number;
}
const codigosMedicamentos = codigos('9', MEDICAMENTOS.map((m) => m.descricao));
export const MEDICAMENTOS_SEMENTE: MedicamentoSemente[] = MEDICAMENTOS.map((m, i) => ({
  codigo: codigosMedicamentos[i],
  descricao: m.descricao,
  principioAtivo: m.principioAtivo,
  apresentacao: m.apresentacao,
  unidade: m.unidade,
  registroAnvisa: registroMedicamento(m.laboratorio, m.principioAtivo, m.apresentacao),
  laboratorio: m.laboratorio,
  valor: centavos(m.reais),
}));

/**
 * Brasíndice entries of the same items: laboratory, item and presentation numbers, the item's TUSS code, the
 * magazine's description (upper case, abbreviated), the maximum consumer price (PMC, or the material's price) and
 * the factory price (PFB, about 28 % below it). Edition 2025/21.
 */
const EDICAO_BRASINDICE = '202521';
const abrevia = (s: string) =>
  s
    .toLocaleUpperCase('pt-BR')
    .replace(/SOLUÇÃO INJETÁVEL/g, 'SOL INJ')
    .replace(/PÓ PARA SOLUÇÃO INJETÁVEL/g, 'PO SOL INJ')
    .replace(/PÓ LIOFILIZADO PARA SOL INJ/g, 'PO LIOF SOL INJ')
    .replace(/COMPRIMIDO REVESTIDO/g, 'COM REV')
    .replace(/COMPRIMIDO/g, 'COM')
    .replace(/CÁPSULA/g, 'CAP')
    .replace(/EMULSÃO INJETÁVEL/g, 'EMUL INJ')
    .replace(/SUSPENSÃO INJETÁVEL/g, 'SUSP INJ');
const laboratorioNumero = (nome: string) => pad(100 + (fnv(nome) % 900), 3);

export interface BrasindiceSemente {
  codigoLaboratorio: string;
  codigoItem: string;
  codigoApresentacao: string;
  codigoTuss: string;
  descricao: string;
  laboratorio: string;
  pmc: number;
  pfb: number;
  edicao: string;
}
const pfbDe = (pmc: number) => Math.round(pmc / 1.38);
export const BRASINDICE_MEDICAMENTOS: BrasindiceSemente[] = MEDICAMENTOS_SEMENTE.map((m) => ({
  codigoLaboratorio: laboratorioNumero(m.laboratorio),
  codigoItem: pad(fnv(m.principioAtivo) % 100_000, 5),
  codigoApresentacao: pad(fnv(m.apresentacao + m.descricao) % 10_000, 4),
  codigoTuss: m.codigo,
  descricao: `${abrevia(m.descricao)} - ${abrevia(m.apresentacao)}`.slice(0, 200),
  laboratorio: m.laboratorio,
  pmc: m.valor,
  pfb: pfbDe(m.valor),
  edicao: EDICAO_BRASINDICE,
}));
export const BRASINDICE_MATERIAIS: BrasindiceSemente[] = MATERIAIS_SEMENTE.filter((m) => !m.opme).map((m) => ({
  codigoLaboratorio: laboratorioNumero(m.fabricante),
  codigoItem: pad(fnv(m.descricao) % 100_000, 5),
  codigoApresentacao: pad(fnv(m.unidade + m.descricao) % 10_000, 4),
  codigoTuss: m.codigo,
  descricao: `${abrevia(m.descricao)} (${m.unidade})`,
  laboratorio: m.fabricante,
  pmc: m.valor,
  pfb: pfbDe(m.valor),
  edicao: EDICAO_BRASINDICE,
}));

/** Hospital fees, daily rates and medical gases (TUSS 18): [code, description, kind (01 gases, 05 daily rates, 07 fees and rentals), reais]. */
export const TAXAS: [string, string, '01' | '05' | '07', number][] = [
  ['60000023', 'Taxa de observação em pronto-socorro (até 6 horas)', '07', 85],
  ['60000333', 'Taxa de sala cirúrgica', '07', 350],
  ['60000341', 'Taxa de sala de recuperação pós-anestésica', '07', 180],
  ['60000350', 'Taxa de sala de parto', '07', 420],
  ['60000368', 'Taxa de sala de pequena cirurgia', '07', 120],
  ['60000376', 'Taxa de administração de medicamentos', '07', 9.5],
  ['60000384', 'Taxa de curativo', '07', 25],
  ['60000392', 'Aluguel de bomba de infusão (por dia)', '07', 45],
  ['60000406', 'Aluguel de monitor multiparamétrico (por dia)', '07', 60],
  ['60000414', 'Aluguel de ventilador mecânico (por dia)', '07', 180],
  ['60000660', 'Diária de apartamento', '05', 420],
  ['60000678', 'Diária de enfermaria', '05', 280],
  ['60000686', 'Diária de hospital-dia', '05', 350],
  ['60000694', 'Diária de semi-UTI adulto', '05', 950],
  ['60000775', 'Diária de UTI adulto', '05', 1800],
  ['60000783', 'Diária de UTI neonatal', '05', 2100],
  ['60000791', 'Diária de UTI pediátrica', '05', 1950],
  ['60001003', 'Oxigênio medicinal (por hora)', '01', 12.5],
  ['60001011', 'Ar comprimido medicinal (por hora)', '01', 6.8],
  ['60001020', 'Óxido nitroso (por hora)', '01', 28],
].map(([c, d, t, r]) => [c, d, t, r] as [string, string, '01' | '05' | '07', number]);

/** Packages: [code, description, main TUSS procedure, reais, daily rates included]. */
export const PACOTES: [string, string, string, number, number][] = [
  ['PCT-CES', 'Cesariana com 2 diárias em apartamento', '31309054', 9800, 2],
  ['PCT-PN', 'Parto via vaginal com 2 diárias em apartamento', '31309127', 7900, 2],
  ['PCT-CVL', 'Colecistectomia videolaparoscópica com 1 diária', '31005497', 11500, 1],
  ['PCT-APV', 'Apendicectomia videolaparoscópica com 2 diárias', '31003583', 10200, 2],
  ['PCT-HIU', 'Herniorrafia inguinal unilateral (hospital-dia)', '31009115', 5400, 1],
  ['PCT-MEN', 'Meniscectomia videoartroscópica de joelho (hospital-dia)', '30733057', 8900, 1],
  ['PCT-FACO', 'Facectomia por facoemulsificação com lente intraocular', '30306027', 4800, 0],
  ['PCT-ADA', 'Adenoamigdalectomia com 1 diária', '30205034', 5200, 1],
  ['PCT-HEM', 'Hemorroidectomia com 1 diária', '31004202', 4900, 1],
  ['PCT-HTL', 'Histerectomia total laparoscópica com 2 diárias', '31303218', 16800, 2],
  ['PCT-VAS', 'Vasectomia ambulatorial', '31205046', 1600, 0],
  ['PCT-POS', 'Postectomia ambulatorial', '31206220', 1900, 0],
  ['PCT-SEP', 'Septoplastia com 1 diária', '30501369', 6300, 1],
  ['PCT-TIR', 'Tireoidectomia total com 2 diárias', '30213053', 12400, 2],
  ['PCT-CAT', 'Cateterismo cardíaco esquerdo com cineangiocoronariografia', '30911079', 4200, 1],
  ['PCT-STE', 'Implante de stent coronário farmacológico (1 vaso) com 2 diárias', '30912105', 24500, 2],
  ['PCT-ATQ', 'Artroplastia total de quadril com prótese não cimentada e 4 diárias', '30724058', 38900, 4],
  ['PCT-ATJ', 'Artroplastia total de joelho com prótese e 4 diárias', '30726034', 34500, 4],
  ['PCT-COL', 'Colonoscopia com sedação', '40201082', 1150, 0],
  ['PCT-EDA', 'Endoscopia digestiva alta com sedação', '40201120', 650, 0],
];

/** Primary-care services: [code, description, professional, TUSS procedure, reais]. */
export const SERVICOS_APS: [string, string, 'MEDICO' | 'ENFERMEIRO' | 'NUTRICIONISTA' | 'PSICOLOGO' | 'FISIOTERAPEUTA', string, number][] = [
  ['APS001', 'Consulta com médico de família', 'MEDICO', '10101012', 110],
  ['APS002', 'Teleconsulta com médico de família', 'MEDICO', '10101012', 90],
  ['APS003', 'Consulta de pré-natal de risco habitual', 'MEDICO', '10101012', 110],
  ['APS004', 'Consulta de puericultura', 'MEDICO', '10106146', 110],
  ['APS005', 'Acolhimento e classificação de risco de enfermagem', 'ENFERMEIRO', '50000705', 45],
  ['APS006', 'Consulta de enfermagem a hipertensos e diabéticos', 'ENFERMEIRO', '50000705', 55],
  ['APS007', 'Visita domiciliar de enfermagem', 'ENFERMEIRO', '50000535', 95],
  ['APS008', 'Consulta de nutrição', 'NUTRICIONISTA', '50000560', 80],
  ['APS009', 'Grupo de educação alimentar', 'NUTRICIONISTA', '50000560', 35],
  ['APS010', 'Consulta em psicologia', 'PSICOLOGO', '50000462', 95],
  ['APS011', 'Atendimento psicológico breve (sessão individual)', 'PSICOLOGO', '50001183', 90],
  ['APS012', 'Avaliação fisioterapêutica', 'FISIOTERAPEUTA', '50000144', 70],
  ['APS013', 'Grupo de coluna (fisioterapia em grupo)', 'FISIOTERAPEUTA', '50000748', 30],
];

export { centavos };
