CREATE TABLE "arquivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"tipo" varchar(100) NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"contexto" varchar(20) NOT NULL,
	"contexto_id" integer,
	"dono_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execucoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"comando" varchar(200) NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"parametros" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'fila' NOT NULL,
	"progresso" integer DEFAULT 0 NOT NULL,
	"etapa" varchar(200),
	"erro" varchar(1000),
	"cancelar_pedido" boolean DEFAULT false NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"fila_id" varchar(64),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"terminado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "execucoes_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "execucoes_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"execucao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" varchar(8) DEFAULT 'info' NOT NULL,
	"mensagem" varchar(2000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arquivos" ADD CONSTRAINT "arquivos_dono_id_usuarios_id_fk" FOREIGN KEY ("dono_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execucoes" ADD CONSTRAINT "execucoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execucoes_log" ADD CONSTRAINT "execucoes_log_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arquivos_contexto_idx" ON "arquivos" USING btree ("contexto","contexto_id");--> statement-breakpoint
CREATE INDEX "execucoes_usuario_idx" ON "execucoes" USING btree ("usuario_id","id");--> statement-breakpoint
CREATE INDEX "execucoes_comando_idx" ON "execucoes" USING btree ("comando","id");--> statement-breakpoint
CREATE INDEX "execucoes_status_idx" ON "execucoes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "execucoes_log_execucao_idx" ON "execucoes_log" USING btree ("execucao_id","id");