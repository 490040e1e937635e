-- Análise do SIB (src/server/sib/analise.ts): the checks of CPF, CNS and nome da mãe as SQL functions, and one partial
-- index per rule over the beneficiaries still in the SIB, so each rule's count and list read only the rows it finds.
-- Each predicate is the rule's fixed part, written exactly as the code writes it.
CREATE OR REPLACE FUNCTION cpf_valido(c text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN c !~ '^[0-9]{11}$' OR c ~ '^([0-9])\1{10}$' THEN false ELSE
    ((SELECT sum(substr(c, i, 1)::int * (11 - i)) FROM generate_series(1, 9) i) * 10 % 11) % 10 = substr(c, 10, 1)::int
    AND ((SELECT sum(substr(c, i, 1)::int * (12 - i)) FROM generate_series(1, 10) i) * 10 % 11) % 10 = substr(c, 11, 1)::int
  END
$$;--> statement-breakpoint
-- definitive (1, 2) and provisional (7, 8, 9) numbers alike: the 15 digits weighted 15..1 add up to a multiple of 11
CREATE OR REPLACE FUNCTION cns_valido(c text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN c !~ '^[12789][0-9]{14}$' THEN false ELSE
    (SELECT sum(substr(c, i, 1)::int * (16 - i)) FROM generate_series(1, 15) i) % 11 = 0
  END
$$;--> statement-breakpoint
-- blank, a single word, or a placeholder typed when the mother's name was unknown
CREATE OR REPLACE FUNCTION nome_mae_generico(n text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT n IS NULL OR btrim(n) !~ '\s' OR regexp_replace(upper(translate(btrim(n), 'ÁÀÂÃÉÊÍÓÔÕÚÜÇáàâãéêíóôõúüç', 'AAAAEEIOOOUUCAAAAEEIOOOUUC')), '\s+', ' ', 'g')
    IN ('NAO INFORMADO', 'NAO INFORMADA', 'NAO DECLARADO', 'NAO DECLARADA', 'NAO CONSTA', 'SEM INFORMACAO', 'MAE DESCONHECIDA', 'NAO SABE', 'SEM NOME')
$$;--> statement-breakpoint
CREATE INDEX "sib_cpf_ausente_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND cpf IS NULL;--> statement-breakpoint
CREATE INDEX "sib_cpf_invalido_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND cpf IS NOT NULL AND NOT cpf_valido(cpf);--> statement-breakpoint
CREATE INDEX "sib_cns_ausente_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND cns IS NULL;--> statement-breakpoint
CREATE INDEX "sib_cns_invalido_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND cns IS NOT NULL AND NOT cns_valido(cns);--> statement-breakpoint
CREATE INDEX "sib_nome_mae_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND nome_mae_generico(nome_mae);--> statement-breakpoint
CREATE INDEX "sib_cco_ausente_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND cco IS NULL;--> statement-breakpoint
CREATE INDEX "sib_adesao_antes_idx" ON "beneficiarios" ("id") WHERE situacao <> 'CANCELADO' AND data_adesao < data_nascimento;--> statement-breakpoint
CREATE INDEX "sib_nascimento_idx" ON "beneficiarios" ("data_nascimento") WHERE situacao <> 'CANCELADO';--> statement-breakpoint
CREATE INDEX "sib_adesao_idx" ON "beneficiarios" ("data_adesao") WHERE situacao <> 'CANCELADO';--> statement-breakpoint
CREATE INDEX "sib_endereco_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND (cep IS NULL OR cidade IS NULL);--> statement-breakpoint
CREATE INDEX "sib_sem_titular_idx" ON "beneficiarios" ("nome_busca", "id") WHERE situacao <> 'CANCELADO' AND relacao_dependencia <> '1' AND titular IS NULL;
