import { CONSTANTS } from './constants';

/** The palette's `@` record search (GET /api/busca/registros?termo=…): beneficiaries, providers, authorization requests. */
export interface RegistroEncontrado {
  tipo: 'beneficiario' | 'prestador' | 'autorizacao';
  id: number;
  nome: string;
  /** CPF, CNPJ or code, formatted for display (a request: type, status, beneficiary, date). */
  detalhe: string;
  /** Where the record opens (a command path with its id). */
  path: string;
}

export interface BuscaRegistrosResposta {
  itens: RegistroEncontrado[];
  /** The term was long enough to search providers too (spec §9: 5 characters). */
  prestadores: boolean;
}

/** Spec §9: autocomplete after 500 ms and 2 characters; providers from 5 characters. */
export const BUSCA = {
  atrasoMs: CONSTANTS.autocompleteDelayMs,
  minimo: CONSTANTS.autocompleteMinChars,
  minimoPrestador: CONSTANTS.prestadorSearchMinChars,
  limite: 10,
} as const;
