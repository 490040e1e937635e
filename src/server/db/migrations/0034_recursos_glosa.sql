CREATE TABLE "recursos_glosa" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"prestador_id" integer NOT NULL,
	"protocolo_id" integer NOT NULL,
	"numero_guia_recurso" varchar(20) NOT NULL,
	"origem" varchar(6) NOT NULL,
	"objeto" varchar(1) DEFAULT '2' NOT NULL,
	"padrao" varchar(8),
	"hash" varchar(32),
	"arquivo_id" integer,
	"valor_recursado_centavos" bigint NOT NULL,
	"valor_acatado_centavos" bigint DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recursos_glosa_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "recursos_glosa_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurso_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"guia_completa" boolean DEFAULT false NOT NULL,
	"codigo_glosa" varchar(4) NOT NULL,
	"valor_recursado_centavos" bigint NOT NULL,
	"justificativa" varchar(500) NOT NULL,
	"resultado" varchar(4),
	"valor_acatado_centavos" bigint,
	"justificativa_operadora" varchar(500),
	"decidido_por_id" integer,
	"decidido_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recursos_glosa_itens_item_id_unique" UNIQUE("item_id")
);
--> statement-breakpoint
ALTER TABLE "recursos_glosa" ADD CONSTRAINT "recursos_glosa_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa" ADD CONSTRAINT "recursos_glosa_protocolo_id_protocolos_recebimento_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_recebimento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa" ADD CONSTRAINT "recursos_glosa_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa" ADD CONSTRAINT "recursos_glosa_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa_itens" ADD CONSTRAINT "recursos_glosa_itens_recurso_id_recursos_glosa_id_fk" FOREIGN KEY ("recurso_id") REFERENCES "public"."recursos_glosa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa_itens" ADD CONSTRAINT "recursos_glosa_itens_item_id_itens_faturados_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."itens_faturados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recursos_glosa_itens" ADD CONSTRAINT "recursos_glosa_itens_decidido_por_id_usuarios_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recursos_glosa_guia_uq" ON "recursos_glosa" USING btree ("prestador_id","numero_guia_recurso");--> statement-breakpoint
CREATE INDEX "recursos_glosa_prestador_idx" ON "recursos_glosa" USING btree ("prestador_id","criado_em","id");--> statement-breakpoint
CREATE INDEX "recursos_glosa_criado_idx" ON "recursos_glosa" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "recursos_glosa_itens_recurso_idx" ON "recursos_glosa_itens" USING btree ("recurso_id","id");