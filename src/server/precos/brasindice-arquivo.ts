import { posicoes } from '../../shared/processos/layout';
import { LAYOUT_BRASINDICE } from '../../shared/processos/precos';

/** One accepted line of the Brasíndice file (prices in centavos, dates ISO). */
export interface PrecoBrasindice {
  linha: number;
  tipo: 'MED' | 'MAT';
  codigoLaboratorio: string;
  codigoItem: string;
  codigoApresentacao: string;
  codigoTuss: string | null;
  descricao: string;
  laboratorio: string;
  apresentacao: string;
  pmc: number;
  pf: number;
  edicao: string;
  vigencia: string;
}
export interface LinhaRecusada {
  linha: number;
  motivo: string;
}

const CAMPOS = posicoes(LAYOUT_BRASINDICE.registros[0]);
const LARGURA = CAMPOS.at(-1)!.fim;
const NOME: Record<string, string> = {
  codigoLaboratorio: 'o código do laboratório',
  codigoItem: 'o código do item',
  codigoApresentacao: 'o código da apresentação',
  codigoTuss: 'o código TUSS',
  pmc: 'o PMC',
  pf: 'o preço de fábrica',
  edicao: 'a edição',
};

/** Commercial files come in UTF-8 or ISO-8859-1: a byte sequence that is not UTF-8 is read as Latin-1. */
export function decodificar(b: Buffer): string {
  const s = new TextDecoder('utf-8', { fatal: false }).decode(b);
  return (s.includes('\uFFFD') ? b.toString('latin1') : s).replace(/^\uFEFF/, '');
}

function dataDe(ddmmaaaa: string): string | null {
  if (!/^\d{8}$/.test(ddmmaaaa)) return null;
  const iso = `${ddmmaaaa.slice(4, 8)}-${ddmmaaaa.slice(2, 4)}-${ddmmaaaa.slice(0, 2)}`;
  const d = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * Reads the file line by line in the declared layout (fixed width, or ';' separated when `csv`): each line is
 * accepted whole or refused with its number and the reason in Portuguese; a presentation repeated in the file is
 * refused after its first line. Blank lines are skipped; a CSV header line (not starting with MED or MAT) too.
 */
export function lerBrasindice(texto: string, csv: boolean): { precos: PrecoBrasindice[]; recusadas: LinhaRecusada[] } {
  const precos: PrecoBrasindice[] = [];
  const recusadas: LinhaRecusada[] = [];
  const vistas = new Map<string, number>();
  const linhas = texto.split(/\r?\n/);
  linhas.forEach((bruta, i) => {
    const n = i + 1;
    if (!bruta.trim()) return;
    let v: Record<string, string>;
    if (csv) {
      const cel = bruta.split(';').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
      if (i === 0 && !/^(MED|MAT)$/i.test(cel[0])) return;
      if (cel.length !== CAMPOS.length) return recusadas.push({ linha: n, motivo: `Linha ${n}: tem ${cel.length} campos; o layout tem ${CAMPOS.length}.` });
      v = Object.fromEntries(CAMPOS.map((c, k) => [c.nome, cel[k]]));
    } else {
      // the last field (the date) is never blank, so a line cut by an editor's trailing-space trim still shows short
      const l = bruta;
      if (l.length !== LARGURA) return recusadas.push({ linha: n, motivo: `Linha ${n}: tem ${bruta.length} posições; o layout tem ${LARGURA}.` });
      v = Object.fromEntries(CAMPOS.map((c) => [c.nome, l.slice(c.inicio - 1, c.fim).trim()]));
    }
    const tipo = v.tipo.toUpperCase();
    if (tipo !== 'MED' && tipo !== 'MAT') return recusadas.push({ linha: n, motivo: `Linha ${n}: tipo "${v.tipo}" inválido (use MED ou MAT).` });
    for (const c of CAMPOS) {
      if (c.formato !== 'N') continue;
      const s = v[c.nome];
      if (!/^\d+$/.test(s) || (csv && s.length > c.tamanho)) return recusadas.push({ linha: n, motivo: `Linha ${n}: ${NOME[c.nome]} deve ter até ${c.tamanho} dígitos (veio "${s}").` });
      if (c.nome.startsWith('codigo')) v[c.nome] = s.padStart(c.tamanho, '0');
    }
    if (!v.descricao) return recusadas.push({ linha: n, motivo: `Linha ${n}: a descrição está em branco.` });
    const pmc = Number(v.pmc);
    const pf = Number(v.pf);
    if (pmc <= 0) return recusadas.push({ linha: n, motivo: `Linha ${n}: o PMC deve ser maior que zero.` });
    if (pf > pmc) return recusadas.push({ linha: n, motivo: `Linha ${n}: o preço de fábrica (${v.pf}) é maior que o PMC (${v.pmc}).` });
    const ed = v.edicao;
    if (!/^20\d{2}(0[1-9]|[1-9]\d)$/.test(ed)) return recusadas.push({ linha: n, motivo: `Linha ${n}: edição "${ed}" inválida (AAAANN, como 202601).` });
    const vigencia = dataDe(v.vigencia);
    if (!vigencia) return recusadas.push({ linha: n, motivo: `Linha ${n}: data de vigência "${v.vigencia}" inválida (DDMMAAAA).` });
    const chave = `${tipo}:${v.codigoLaboratorio}:${v.codigoItem}:${v.codigoApresentacao}`;
    const antes = vistas.get(chave);
    if (antes) return recusadas.push({ linha: n, motivo: `Linha ${n}: apresentação repetida (já está na linha ${antes}).` });
    vistas.set(chave, n);
    precos.push({
      linha: n,
      tipo,
      codigoLaboratorio: v.codigoLaboratorio,
      codigoItem: v.codigoItem,
      codigoApresentacao: v.codigoApresentacao,
      codigoTuss: /^0+$/.test(v.codigoTuss) ? null : v.codigoTuss,
      descricao: v.descricao,
      laboratorio: v.laboratorio,
      apresentacao: v.apresentacao,
      pmc,
      pf,
      edicao: ed,
      vigencia,
    });
  });
  return { precos, recusadas };
}
