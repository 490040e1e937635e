import { useId, useState } from 'react';

/** An attachment as a request carries it (spec §5: the medical order is tagged autorizacao_pedido_medico). */
export interface AnexoEscolhido {
  nome: string;
  tamanho: number;
  tipoDocumento: string;
  tag: string;
}

const LIMITE = 20_000_000;
const tamanhoLegivel = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(n / 1000)).toLocaleString('pt-BR')} KB`);

/**
 * The documents of a request or of the provider's answer: files chosen on the computer, listed with their size
 * and removable before sending; each carries the given tag. The request keeps each document's name, size and tag.
 */
export function AnexosCampo({ label, tag, value, onChange, name = 'anexos' }: { label: string; tag: string; value: AnexoEscolhido[]; onChange: (v: AnexoEscolhido[]) => void; name?: string }) {
  const id = useId();
  const [erro, setErro] = useState<string | null>(null);
  function escolher(files: FileList | null) {
    if (!files?.length) return;
    const grandes = [...files].filter((f) => f.size > LIMITE).map((f) => f.name);
    const novos = [...files]
      .filter((f) => f.size <= LIMITE && !value.some((a) => a.nome === f.name))
      .map((f): AnexoEscolhido => ({ nome: f.name.slice(0, 150), tamanho: f.size, tipoDocumento: '03', tag }));
    setErro(grandes.length ? `Arquivo acima de 20 MB: ${grandes.join(', ')}.` : null);
    onChange([...value, ...novos].slice(0, 20));
  }
  return (
    <div className="aut-anexos">
      <span id={`${id}-rotulo`}>{label}</span>
      {/* the browser's own file button speaks the browser's language: ours says it in Portuguese */}
      <label className="btn aut-anexos-escolher">
        Escolher arquivos…
        <input
          className="sr-only"
          name={name}
          type="file"
          multiple
          aria-labelledby={`${id}-rotulo`}
          accept="application/pdf,image/*,.doc,.docx"
          onChange={(e) => {
            escolher(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {value.length > 0 && (
        <ul aria-label="Documentos escolhidos">
          {value.map((a) => (
            <li key={a.nome}>
              <span>{a.nome}</span> <small>{tamanhoLegivel(a.tamanho)}</small>
              <button type="button" className="btn btn-ghost" aria-label={`Remover ${a.nome}`} onClick={() => onChange(value.filter((x) => x !== a))}>
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
      {erro && (
        <p role="alert" className="field-error">
          {erro}
        </p>
      )}
    </div>
  );
}
