import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../api/client';

export type FormErrors = Partial<Record<string, string>>;

/**
 * A workflow record's register form: the refusals beside each field (the first one, in the order shown, gets the
 * focus), the shared schema checked here before anything is sent and the server's field refusals shown the same way;
 * anything else above the buttons.
 */
export function useRecordForm(order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [erros, setErros] = useState<FormErrors>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  const limpar = (k: string) => setErros(({ [k]: _, ...e }) => e);
  const inv = (k: string) => (erros[k] ? true : undefined);
  function mostrar(e: FormErrors) {
    setErros(e);
    const primeiro = order.find((k) => e[k]);
    if (primeiro) formRef.current?.querySelector<HTMLElement>(`[data-campo="${primeiro}"] :is(input, select, textarea, button)`)?.focus();
  }

  /** Checks the body with the shared schema, sends it and hands the answer to `done`. */
  async function enviar<T>(e: FormEvent, corpo: unknown, schema: ZodType, send: () => Promise<T>, done: (d: T) => Promise<void>) {
    e.preventDefault();
    if (enviando) return;
    // the same schema as the server's: what is wrong shows beside its field before anything is sent
    const r = schema.safeParse(corpo);
    if (!r.success) {
      const erros: FormErrors = {};
      for (const i of r.error.issues) erros[String(i.path[0] ?? 'geral')] ??= i.message;
      setGeral(null);
      return mostrar(erros);
    }
    setEnviando(true);
    setGeral(null);
    try {
      await done(await send());
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const campos = err.fieldErrors();
      if (Object.keys(campos).length) mostrar(campos);
      else setGeral(err.message);
    } finally {
      setEnviando(false);
    }
  }

  return { formRef, erros, setErros, limpar, inv, geral, enviando, enviar };
}
