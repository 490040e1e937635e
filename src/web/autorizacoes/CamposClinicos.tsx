import { useEffect, useId, useRef, useState } from 'react';
import type { Tipo } from '../../shared/autorizacoes';
import { CLINICOS, clinicosSchemaDe, superficieCorporal, valorExibido, type Campo, type DadosClinicos } from '../../shared/autorizacoes/clinicos';
import { entregarClinicos } from './clinicos-envio';
import './clinicos.css';

type Linha = Record<string, string>;
type Valores = Record<string, string | boolean | Linha[]>;

const inicial = (campos: readonly Campo[]): Valores =>
  Object.fromEntries(campos.map((c) => [c.key, c.tipo === 'sim-nao' ? false : c.tipo === 'lista' ? [linhaVazia(c.campos)] : '']));
const linhaVazia = (campos: readonly Campo[]): Linha => Object.fromEntries(campos.map((c) => [c.key, '']));

/** Validates with the shared schema (the server's): the value to send, or the messages by field path ('peso', 'materiais.0.valor'). */
function validar(tipo: Tipo, valores: Valores): { ok: true; dados: DadosClinicos } | { ok: false; erros: Record<string, string> } {
  const r = clinicosSchemaDe(tipo)!.safeParse({ clinicos: valores });
  if (r.success) return { ok: true, dados: (r.data as { clinicos: DadosClinicos }).clinicos };
  const erros: Record<string, string> = {};
  for (const i of r.error.issues) {
    const k = i.path.slice(1).map(String).join('.');
    erros[k] ??= i.message;
  }
  return { ok: false, erros };
}

/**
 * The TISS clinical data of the request form (internação, anexos de quimioterapia, radioterapia, situação inicial
 * odontológica, OPME), from the shared field definitions: the provider fills it in, each field is checked when it
 * is left and all of them when the form is sent, with the server's own rules and messages. A form with a field in
 * error is not sent; a valid one sends its data with the request (clinicos-envio).
 */
export function CamposClinicos({ tipo }: { tipo: Tipo }) {
  const def = CLINICOS[tipo];
  const ref = useRef<HTMLFieldSetElement>(null);
  const [valores, setValores] = useState<Valores>(() => (def ? inicial(def.campos) : {}));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [vistos, setVistos] = useState<Set<string>>(() => new Set());
  const atual = useRef(valores);
  useEffect(() => {
    atual.current = valores;
  }, [valores]);

  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form || !def) return;
    // runs before the form's own (React) submit handler: an invalid block stops the submission here
    const onSubmit = (e: Event) => {
      const r = validar(tipo, atual.current);
      if (r.ok) {
        setErros({});
        entregarClinicos(tipo, r.dados);
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      setErros(r.erros);
      setVistos(new Set(Object.keys(r.erros)));
      const primeiro = Object.keys(r.erros)[0];
      ref.current?.querySelector<HTMLElement>(`[name="clinicos.${primeiro}"]`)?.focus();
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [tipo, def]);

  if (!def) return null;
  /** Checks one field when it is left (its message shows from then on). */
  const tocar = (path: string) => {
    const r = validar(tipo, atual.current);
    setVistos((v) => new Set(v).add(path));
    setErros(r.ok ? {} : r.erros);
  };
  const erroDe = (path: string) => (vistos.has(path) ? erros[path] : undefined);
  const set = (key: string, v: string | boolean | Linha[]) => setValores((cur) => ({ ...cur, [key]: v }));
  const sc =
    tipo === 'ANEXO_QUIMIO' && !valores.superficieCorporal && Number(String(valores.peso).replace(',', '.')) > 0 && Number(valores.altura) > 0
      ? superficieCorporal(Number(String(valores.peso).replace(',', '.')), Number(valores.altura))
      : null;

  return (
    <fieldset ref={ref} className="aut-clinicos" data-testid="campos-clinicos">
      <legend>{def.titulo}</legend>
      {def.campos.map((c) =>
        c.tipo === 'lista' ? (
          <ListaCampos
            key={c.key}
            campo={c}
            linhas={valores[c.key] as Linha[]}
            onChange={(l) => set(c.key, l)}
            erroDe={erroDe}
            erroLista={erroDe(c.key)}
            tocar={tocar}
          />
        ) : (
          <CampoEditor
            key={c.key}
            campo={c}
            path={c.key}
            valor={valores[c.key] as string | boolean}
            onChange={(v) => set(c.key, v)}
            onBlur={() => tocar(c.key)}
            erro={erroDe(c.key)}
            dica={c.key === 'superficieCorporal' && sc ? `Calculada: ${valorExibido(c, sc)}` : c.ajuda}
          />
        ),
      )}
    </fieldset>
  );
}

function CampoEditor({ campo: c, path, valor, onChange, onBlur, erro, dica }: { campo: Campo; path: string; valor: string | boolean; onChange(v: string | boolean): void; onBlur(): void; erro?: string; dica?: string }) {
  const id = useId();
  const obrigatorio = c.obrigatorio !== false && c.tipo !== 'sim-nao';
  const comum = { id, name: `clinicos.${path}`, onBlur, 'aria-invalid': erro ? true : undefined, 'aria-describedby': erro ? `${id}-erro` : undefined, 'aria-required': obrigatorio || undefined } as const;
  const largo = c.tipo === 'texto' && (c.linhas ?? 0) > 0;
  if (c.tipo === 'sim-nao')
    return (
      <label className="aut-clinico-check">
        <input type="checkbox" {...comum} checked={valor === true} onChange={(e) => onChange(e.target.checked)} /> {c.label}
      </label>
    );
  return (
    <label htmlFor={id} className={largo ? 'largo' : undefined}>
      <span>
        {c.label}
        {obrigatorio ? ' *' : ''}
      </span>
      {c.tipo === 'opcao' ? (
        <select {...comum} value={String(valor)} onChange={(e) => onChange(e.target.value)}>
          <option value="">{obrigatorio ? 'Selecione…' : '—'}</option>
          {c.opcoes.map(([k, l]) => (
            <option key={k} value={k}>
              {l}
            </option>
          ))}
        </select>
      ) : c.tipo === 'texto' && c.linhas ? (
        <textarea {...comum} rows={c.linhas} maxLength={c.max} value={String(valor)} onChange={(e) => onChange(e.target.value)} />
      ) : c.tipo === 'data' ? (
        <input {...comum} type="date" value={String(valor)} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...comum}
          inputMode={c.tipo === 'numero' ? (c.inteiro ? 'numeric' : 'decimal') : c.tipo === 'dinheiro' ? 'decimal' : undefined}
          maxLength={c.tipo === 'texto' ? c.max : 14}
          size={c.tipo === 'numero' || c.tipo === 'dinheiro' ? 8 : undefined}
          value={String(valor)}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {dica && !erro && <small className="aut-clinico-dica">{dica}</small>}
      {erro && (
        <p className="field-error" role="alert" id={`${id}-erro`}>
          {erro}
        </p>
      )}
    </label>
  );
}

function ListaCampos({
  campo,
  linhas,
  onChange,
  erroDe,
  erroLista,
  tocar,
}: {
  campo: Extract<Campo, { tipo: 'lista' }>;
  linhas: Linha[];
  onChange(l: Linha[]): void;
  erroDe(path: string): string | undefined;
  erroLista?: string;
  tocar(path: string): void;
}) {
  return (
    <div className="aut-clinico-lista" role="group" aria-label={campo.label}>
      <strong>{campo.label} *</strong>
      {linhas.map((l, k) => (
        <div className="aut-item" key={k}>
          {campo.campos.map((f) => (
            <CampoEditor
              key={f.key}
              campo={f}
              path={`${campo.key}.${k}.${f.key}`}
              valor={l[f.key] ?? ''}
              onChange={(v) => onChange(linhas.map((x, j) => (j === k ? { ...x, [f.key]: String(v) } : x)))}
              onBlur={() => tocar(`${campo.key}.${k}.${f.key}`)}
              erro={erroDe(`${campo.key}.${k}.${f.key}`)}
            />
          ))}
          {linhas.length > 1 && (
            <button type="button" className="btn" onClick={() => onChange(linhas.filter((_, j) => j !== k))} aria-label={`Remover ${campo.item} ${k + 1}`}>
              Remover
            </button>
          )}
        </div>
      ))}
      {linhas.length < campo.max && (
        <button type="button" className="btn" onClick={() => onChange([...linhas, linhaVazia(campo.campos)])}>
          Adicionar {campo.item}
        </button>
      )}
      {erroLista && (
        <p className="field-error" role="alert">
          {erroLista}
        </p>
      )}
    </div>
  );
}

/** The clinical data as the auditor reads it on the decision screen (read-only), from the same field definitions. */
export function DadosClinicosLeitura({ tipo, dados }: { tipo: Tipo; dados: DadosClinicos | null }) {
  const def = CLINICOS[tipo];
  if (!def || !dados) return null;
  const simples = def.campos.filter((c) => c.tipo !== 'lista');
  return (
    <section className="card aut-dados aut-clinicos-leitura" aria-label={def.titulo} data-testid="dados-clinicos">
      <h2>{def.titulo}</h2>
      <dl>
        {simples.map((c) => (
          <FragmentoDado key={c.key} rotulo={c.label} valor={valorExibido(c, dados[c.key])} />
        ))}
      </dl>
      {def.campos
        .filter((c): c is Extract<Campo, { tipo: 'lista' }> => c.tipo === 'lista')
        .map((c) => {
          const linhas = (Array.isArray(dados[c.key]) ? dados[c.key] : []) as Record<string, unknown>[];
          return (
            <table key={c.key} className="aut-tabela" aria-label={c.label}>
              <caption>{c.label}</caption>
              <thead>
                <tr>
                  {c.campos.map((f) => (
                    <th key={f.key} className={f.tipo === 'numero' || f.tipo === 'dinheiro' ? 'num' : undefined}>
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {linhas.map((l, k) => (
                  <tr key={k}>
                    {c.campos.map((f) => (
                      <td key={f.key} className={f.tipo === 'numero' || f.tipo === 'dinheiro' ? 'num' : undefined}>
                        {valorExibido(f, l[f.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
    </section>
  );
}

function FragmentoDado({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <>
      <dt>{rotulo}</dt>
      <dd>{valor}</dd>
    </>
  );
}
