import { useId, useState } from 'react';
import { formatBytes } from '../../shared/files';
import { checkChosen, uploadFile } from '../api/files';

/** An attachment as a request carries it: a file already sent, with its tag (spec §5: the medical order is tagged autorizacao_pedido_medico). */
export interface AnexoEscolhido {
  arquivoId: number;
  nome: string;
  tamanho: number;
  tipoDocumento: string;
  tag: string;
}

/**
 * The documents of a request or of the provider's answer: each chosen file is checked (type by its content, at most
 * 20 MB) and sent at once; the list shows the sent ones, removable before the request goes. What the server refuses
 * is said beside the field, file by file.
 */
export function AnexosCampo({ label, tag, value, onChange, name = 'anexos' }: { label: string; tag: string; value: AnexoEscolhido[]; onChange: (v: AnexoEscolhido[]) => void; name?: string }) {
  const id = useId();
  const [erros, setErros] = useState<string[]>([]);
  const [enviando, setEnviando] = useState<string[]>([]);
  async function escolher(files: File[]) {
    if (!files.length) return;
    const problemas: string[] = [];
    let lista = value;
    for (const f of files.slice(0, 20 - value.length)) {
      const erro = await checkChosen(f);
      if (erro) {
        problemas.push(`${f.name}: ${erro}`);
        continue;
      }
      setEnviando((e) => [...e, f.name]);
      const r = await uploadFile(f);
      setEnviando((e) => e.filter((n) => n !== f.name));
      if (!r.ok) problemas.push(`${f.name}: ${r.message}`);
      else lista = [...lista, { arquivoId: r.file.id, nome: r.file.nome, tamanho: r.file.tamanho, tipoDocumento: '03', tag }];
    }
    setErros(problemas);
    onChange(lista);
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
          accept="application/pdf,image/png,image/jpeg,.xml,.txt,.csv,.zip"
          onChange={(e) => {
            void escolher([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      {(value.length > 0 || enviando.length > 0) && (
        <ul aria-label="Documentos enviados">
          {value.map((a) => (
            <li key={a.arquivoId}>
              <span>{a.nome}</span> <small>{formatBytes(a.tamanho)}</small>
              <button type="button" className="btn btn-ghost" aria-label={`Remover ${a.nome}`} onClick={() => onChange(value.filter((x) => x !== a))}>
                Remover
              </button>
            </li>
          ))}
          {enviando.map((n) => (
            <li key={`enviando-${n}`} aria-live="polite">
              <span>{n}</span> <small>enviando…</small>
            </li>
          ))}
        </ul>
      )}
      {erros.length > 0 && (
        <div role="alert" className="field-error">
          {erros.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      )}
    </div>
  );
}
