import { todayIso } from '../../src/shared/dates';

/**
 * A legal entity's NFS-e for a payment request in a test: the value the request totals, issued today (the day of the
 * operator), under a number no earlier run used (a retry runs on the same database; the number is unique per provider).
 */
let seq = 0;
export function nfse(valor: number, o: { emissao?: string; serie?: string } = {}) {
  seq += 1;
  return {
    nfseNumero: `${Date.now() % 1e10}${String(seq).padStart(3, '0')}`,
    nfseSerie: o.serie ?? 'A1',
    nfseEmissao: o.emissao ?? todayIso(),
    nfseCodigo: `T${String(seq).padStart(3, '0')}X${(Date.now() % 1e4).toString().padStart(4, '0')}`,
    nfseValor: valor,
  };
}
