CREATE TABLE "arquivos_partes" (
	"arquivo_id" integer NOT NULL,
	"n" integer NOT NULL,
	"dados" "bytea" NOT NULL,
	CONSTRAINT "arquivos_partes_arquivo_id_n_pk" PRIMARY KEY("arquivo_id","n")
);
--> statement-breakpoint
ALTER TABLE "arquivos_partes" ADD CONSTRAINT "arquivos_partes_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the content stored so far becomes each file's single part
INSERT INTO "arquivos_partes" ("arquivo_id", "n", "dados") SELECT "id", 0, "conteudo" FROM "arquivos";--> statement-breakpoint
ALTER TABLE "arquivos" DROP COLUMN "conteudo";