CREATE TABLE "protocolo_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"acao" varchar(12) NOT NULL,
	"de" varchar(12),
	"para" varchar(12) NOT NULL,
	"nota" varchar(1000),
	"setor_id" integer
);
--> statement-breakpoint
CREATE TABLE "protocolo_numeracao" (
	"ano" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocolos_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(11) NOT NULL,
	"status" varchar(12) DEFAULT 'PROTOCOLADO' NOT NULL,
	"remetente_tipo" varchar(12) NOT NULL,
	"beneficiario_id" integer,
	"prestador_id" integer,
	"remetente_nome" varchar(150) NOT NULL,
	"remetente_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("remetente_nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"remetente_documento" varchar(14),
	"tipo_documento" varchar(12) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"setor_id" integer NOT NULL,
	"folhas" integer NOT NULL,
	"recebido_em" date NOT NULL,
	"canal" varchar(10) NOT NULL,
	"observacao" varchar(1000),
	"motivo" varchar(1000),
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "protocolos_documentos_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "protocolo_historico" ADD CONSTRAINT "protocolo_historico_protocolo_id_protocolos_documentos_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_documentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolo_historico" ADD CONSTRAINT "protocolo_historico_setor_id_setores_empresa_id_fk" FOREIGN KEY ("setor_id") REFERENCES "public"."setores_empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_documentos" ADD CONSTRAINT "protocolos_documentos_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_documentos" ADD CONSTRAINT "protocolos_documentos_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_documentos" ADD CONSTRAINT "protocolos_documentos_setor_id_setores_empresa_id_fk" FOREIGN KEY ("setor_id") REFERENCES "public"."setores_empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_documentos" ADD CONSTRAINT "protocolos_documentos_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protocolo_historico_protocolo_idx" ON "protocolo_historico" USING btree ("protocolo_id","em");--> statement-breakpoint
CREATE INDEX "protocolos_documentos_recebido_idx" ON "protocolos_documentos" USING btree ("recebido_em","id");--> statement-breakpoint
CREATE INDEX "protocolos_documentos_status_idx" ON "protocolos_documentos" USING btree ("status","recebido_em","id");--> statement-breakpoint
CREATE INDEX "protocolos_documentos_setor_idx" ON "protocolos_documentos" USING btree ("setor_id","recebido_em");--> statement-breakpoint
CREATE INDEX "protocolos_documentos_remetente_idx" ON "protocolos_documentos" USING btree ("remetente_busca");--> statement-breakpoint
CREATE INDEX "protocolos_documentos_beneficiario_idx" ON "protocolos_documentos" USING btree ("beneficiario_id") WHERE "protocolos_documentos"."beneficiario_id" is not null;--> statement-breakpoint
CREATE INDEX "protocolos_documentos_prestador_idx" ON "protocolos_documentos" USING btree ("prestador_id") WHERE "protocolos_documentos"."prestador_id" is not null;