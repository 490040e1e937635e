import { useRef, useState } from 'react';
import { FILE_TYPES, formatBytes } from '../../shared/files';
import { ENTRADA_MSG, type Entrada } from '../../shared/processos/define';
import { checkChosen, uploadFile } from '../api/files';

export type EstadoEntrada = ReturnType<typeof useEntrada>;

/**
 * The file an import reads: chosen on the form, checked (type from the content, 20 MB) before anything is sent,
 * sent once (Pré-visualizar and Executar reuse it) and passed to the run as its id.
 */
export function useEntrada(entrada: Entrada | undefined) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const enviado = useRef<{ file: File; id: number } | null>(null);
  return {
    arquivo,
    erro,
    setErro,
    escolher(f: File | null) {
      setArquivo(f);
      setErro(null);
    },
    /** False (and the message beside the picker) when the import has no file chosen. */
    escolhido() {
      if (entrada && !arquivo) setErro(ENTRADA_MSG.escolha);
      return !entrada || !!arquivo;
    },
    /** The typed values plus the sent file's id; null when the file could not be sent (the message is shown). */
    async comArquivo<V extends object>(values: V): Promise<(V & { arquivo?: number }) | null> {
      if (!entrada) return values;
      if (!arquivo) {
        setErro(ENTRADA_MSG.escolha);
        return null;
      }
      if (enviado.current?.file === arquivo) return { ...values, arquivo: enviado.current.id };
      const recusa = await checkChosen(arquivo, entrada.formatos);
      if (recusa) {
        setErro(recusa);
        return null;
      }
      const r = await uploadFile(arquivo);
      if (!r.ok) {
        setErro(r.message);
        return null;
      }
      enviado.current = { file: arquivo, id: r.file.id };
      return { ...values, arquivo: r.file.id };
    },
  };
}

export function EntradaArquivo({ entrada, estado, disabled, onChange }: { entrada: Entrada; estado: EstadoEntrada; disabled: boolean; onChange(): void }) {
  const formatos = entrada.formatos.map((k) => FILE_TYPES[k].label).join(', ');
  return (
    <div className="field wide">
      <label htmlFor="campo-arquivo">{entrada.rotulo} *</label>
      <input
        id="campo-arquivo"
        type="file"
        disabled={disabled}
        aria-invalid={!!estado.erro}
        aria-describedby={estado.erro ? 'campo-arquivo-erro' : undefined}
        accept={entrada.formatos.map((k) => `.${FILE_TYPES[k].ext}`).join(',')}
        onChange={(e) => {
          estado.escolher(e.currentTarget.files?.[0] ?? null);
          onChange();
        }}
      />
      {estado.erro ? (
        <p className="field-error" role="alert" id="campo-arquivo-erro">
          {estado.erro}
        </p>
      ) : (
        <p className="rf-help">
          {estado.arquivo ? `${estado.arquivo.name} · ${formatBytes(estado.arquivo.size)}. ` : ''}
          {entrada.ajuda ?? `Formatos aceitos: ${formatos}; até 20 MB.`}
        </p>
      )}
    </div>
  );
}
