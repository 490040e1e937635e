const int = new Intl.NumberFormat('pt-BR');

/** Previous/next paging of a server list: "1–50 de 1.234" between the two buttons. */
export function Pager({ offset, shown, of, hasNext, onPage }: { offset: number; shown: number; of: string; hasNext: boolean; onPage(delta: -1 | 1): void }) {
  return (
    <div className="pager">
      <button type="button" className="btn" disabled={offset === 0} onClick={() => onPage(-1)}>
        Anterior
      </button>
      <span>
        {shown ? `${int.format(offset + 1)}–${int.format(offset + shown)}` : '0'} de {of}
      </span>
      <button type="button" className="btn" disabled={!hasNext} onClick={() => onPage(1)}>
        Próxima
      </button>
    </div>
  );
}
