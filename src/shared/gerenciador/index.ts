import { z } from 'zod';

/**
 * The shared file manager (/util/gerenciador/arquivo): folders nested from a root that is not a row (files at the
 * root have no folder: contexto 'gerenciador', contexto_id null), and the files inside them. Input schemas used by
 * the screen and the server alike; the answers' types.
 */

export const COMANDO_GERENCIADOR = '/util/gerenciador/arquivo' as const;
/** The files' context in `arquivos` (read rule in READERS, src/server/files/routes.ts). */
export const CONTEXTO_GERENCIADOR = 'gerenciador';
/** How the root is called in the breadcrumb. */
export const NOME_RAIZ = 'Arquivos';

export const GER_MSG = {
  pastaNaoEncontrada: 'Pasta não encontrada: ela pode ter sido excluída. Atualize a tela.',
  arquivoNaoEncontrado: 'Arquivo não encontrado no gerenciador: ele pode ter sido excluído. Atualize a tela.',
  pastaNaoVazia: (n: { pastas: number; arquivos: number }) =>
    `A pasta não está vazia: ${[n.pastas && `${n.pastas} ${n.pastas === 1 ? 'subpasta' : 'subpastas'}`, n.arquivos && `${n.arquivos} ${n.arquivos === 1 ? 'arquivo' : 'arquivos'}`].filter(Boolean).join(' e ')}. Exclua ou mova o conteúdo antes de excluir a pasta.`,
  nomeRepetido: (nome: string) => `Já existe uma pasta chamada "${nome}" aqui.`,
  profundidade: 'Limite de 10 níveis de pastas atingido.',
} as const;

/** Deepest nesting accepted (a breadcrumb that still reads on a phone). */
export const MAX_NIVEIS = 10;

/** A folder's name: trimmed, 1 to 120 characters, no slash, control character or a name made only of dots. */
export const nomePasta = z
  .string({ error: 'Informe o nome da pasta.' })
  .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'Informe o nome da pasta.')
      .max(120, 'Nome da pasta: no máximo 120 caracteres.')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
      .refine((v) => !/[\\/<>:"|?*\u0000-\u001f\u007f]/.test(v), 'O nome da pasta não pode ter / \\ < > : " | ? * nem caracteres de controle.')
      .refine((v) => !/^\.+$/.test(v), 'Nome de pasta inválido.'),
  );

const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(2_147_483_647, msg);

export const novaPastaSchema = z.strictObject({ nome: nomePasta, paiId: id('Pasta de destino inválida.').nullable().default(null) }, { error: 'Campo não reconhecido.' });
export type NovaPasta = z.output<typeof novaPastaSchema>;

export const renomearPastaSchema = z.strictObject({ nome: nomePasta }, { error: 'Campo não reconhecido.' });
export type RenomearPasta = z.output<typeof renomearPastaSchema>;

export const moverArquivoSchema = z.strictObject({ pastaId: id('Pasta de destino inválida.').nullable() }, { error: 'Campo não reconhecido.' });
export type MoverArquivo = z.output<typeof moverArquivoSchema>;

/** `?pasta=` of a listing or an upload: a folder id, or absent / empty for the root. */
export const pastaQuery = z.object({
  pasta: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number({ error: 'Pasta inválida.' }).int('Pasta inválida.').positive('Pasta inválida.').max(2_147_483_647, 'Pasta inválida.').optional()),
});

export interface PastaLinha {
  id: number;
  nome: string;
  paiId: number | null;
  criadoPor: string;
  criadoEm: string;
}

export interface ArquivoLinha {
  id: number;
  nome: string;
  tipo: string;
  tamanho: number;
  enviadoPor: string;
  criadoEm: string;
  pastaId: number | null;
}

/** One folder's content: where it is (root first), its subfolders and its files, names in order. */
export interface ConteudoPasta {
  pasta: PastaLinha | null;
  caminho: { id: number | null; nome: string }[];
  pastas: PastaLinha[];
  arquivos: ArquivoLinha[];
}
