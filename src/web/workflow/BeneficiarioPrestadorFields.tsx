import type { BeneficiarioOpcao } from '../../shared/pessoas';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import { PrestadorPicker } from '../forms/PrestadorPicker';
import { Field } from './RecordForm';
import type { FormErrors } from './useRecordForm';

/** A beneficiary found by the policy's picker, as the autocomplete shows it. */
const opcao = (b: BeneficiarioOpcao): Option => ({ id: b.id, label: b.nome, detail: `Carteirinha ${b.carteirinha} · ${b.situacao.charAt(0) + b.situacao.slice(1).toLowerCase()}` });

/**
 * Who a record is about, once the kind is chosen (KindChoice): a beneficiary through the domain's picker route (the
 * policy's lookup: `beneficiarioOpcoes`), or a provider. Other kinds (a company written in) draw nothing here.
 */
export function BeneficiarioPrestadorFields(p: {
  tipo: string;
  prefix: string;
  erros: FormErrors;
  limpar: (k: string) => void;
  beneficiario: Option | null;
  setBeneficiario: (o: Option | null) => void;
  prestador: string;
  setPrestador: (v: string) => void;
  queryKey: readonly unknown[];
  search: (termo: string) => Promise<BeneficiarioOpcao[]>;
  placeholder: string;
}) {
  if (p.tipo === 'BENEFICIARIO')
    return (
      <Field k="beneficiarioId" label="Beneficiário *" erros={p.erros} prefix={p.prefix} largo dica={p.beneficiario?.detail}>
        <Autocomplete
          id={`${p.prefix}-beneficiarioId`}
          queryKey={p.queryKey}
          search={async (termo) => (await p.search(termo)).map(opcao)}
          value={p.beneficiario}
          onChange={(o) => {
            p.setBeneficiario(o);
            p.limpar('beneficiarioId');
          }}
          invalid={!!p.erros.beneficiarioId}
          placeholder={p.placeholder}
        />
      </Field>
    );
  if (p.tipo === 'PRESTADOR')
    return (
      <Field k="prestadorId" label="Prestador *" erros={p.erros} prefix={p.prefix} largo>
        <PrestadorPicker
          id={`${p.prefix}-prestadorId`}
          resource="prestador"
          value={p.prestador}
          onChange={(v) => {
            p.setPrestador(v);
            p.limpar('prestadorId');
          }}
          invalid={!!p.erros.prestadorId}
        />
      </Field>
    );
  return null;
}
