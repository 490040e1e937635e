CREATE TABLE "atualizacoes_cadastrais" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"solicitante_id" integer,
	"dados" jsonb NOT NULL,
	"anteriores" jsonb NOT NULL,
	"observacao" varchar(500),
	"situacao" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"decidida_em" timestamp with time zone,
	"decidida_por_id" integer,
	"motivo_rejeicao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beneficiarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"matricula" varchar(10) NOT NULL,
	"carteirinha" varchar(16) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome_social" varchar(150),
	"cpf" varchar(11),
	"cns" varchar(15),
	"pis_pasep" varchar(11),
	"nome_mae" varchar(150) NOT NULL,
	"sexo" varchar(1) NOT NULL,
	"data_nascimento" date NOT NULL,
	"estado_civil" integer,
	"relacao_dependencia" varchar(2) NOT NULL,
	"titular" integer,
	"cep" varchar(8),
	"uf" varchar(2),
	"cidade" integer,
	"logradouro" varchar(120),
	"numero" varchar(10),
	"complemento" varchar(60),
	"bairro" varchar(60),
	"telefone" varchar(11),
	"celular" varchar(11),
	"email" varchar(120),
	"produto" integer NOT NULL,
	"empresa" integer,
	"data_adesao" date NOT NULL,
	"fim_carencia" date,
	"cpt" boolean DEFAULT false NOT NULL,
	"fim_cpt" date,
	"cco" varchar(12),
	"cartao_intercambio" varchar(17),
	"situacao" varchar(9) NOT NULL,
	"data_situacao" date,
	"motivo_cancelamento" varchar(2),
	"motivo_suspensao" varchar(200),
	"cadastro_atualizado_em" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fornecedores" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"codigo_busca" varchar(20) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo_pessoa" varchar(1) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome_fantasia" varchar(150),
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"inscricao_estadual" varchar(20),
	"identidade" varchar(20),
	"orgao_emissor" varchar(10),
	"uf_identidade" varchar(2),
	"pais_identidade" integer,
	"cep" varchar(8),
	"uf" varchar(2),
	"cidade" integer,
	"logradouro" varchar(120),
	"numero" varchar(10),
	"complemento" varchar(60),
	"bairro" varchar(60),
	"telefone" varchar(11),
	"email" varchar(120),
	"email_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"banco" integer,
	"agencia" varchar(6),
	"conta" varchar(15),
	"tipo_conta" varchar(2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"codigo_busca" varchar(20) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo_pessoa" varchar(1) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"adicional" varchar(150),
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"conselho" varchar(7),
	"numero_conselho" varchar(15),
	"uf_conselho" varchar(2),
	"especialidade" integer,
	"especialidade2" integer,
	"cnes" varchar(7),
	"data_inscricao" date,
	"pis" varchar(11),
	"nacionalidade" varchar(60),
	"identidade" varchar(20),
	"orgao_emissor" varchar(10),
	"uf_identidade" varchar(2),
	"pais_identidade" integer,
	"cep" varchar(8),
	"uf" varchar(2),
	"cidade" integer,
	"logradouro" varchar(120),
	"numero" varchar(10),
	"complemento" varchar(60),
	"bairro" varchar(60),
	"telefone" varchar(11),
	"email" varchar(120),
	"banco" integer,
	"agencia" varchar(6),
	"conta" varchar(15),
	"tipo_conta" varchar(2),
	"status_pagamento" varchar(4),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestadores_indiretos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"codigo_busca" varchar(20) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"prestador" integer NOT NULL,
	"tipo_pessoa" varchar(1) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"adicional" varchar(150),
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"conselho" varchar(7),
	"numero_conselho" varchar(15),
	"uf_conselho" varchar(2),
	"especialidade" integer,
	"especialidade2" integer,
	"cnes" varchar(7),
	"data_inscricao" date,
	"pis" varchar(11),
	"nacionalidade" varchar(60),
	"identidade" varchar(20),
	"orgao_emissor" varchar(10),
	"uf_identidade" varchar(2),
	"pais_identidade" integer,
	"cep" varchar(8),
	"uf" varchar(2),
	"cidade" integer,
	"logradouro" varchar(120),
	"numero" varchar(10),
	"complemento" varchar(60),
	"bairro" varchar(60),
	"telefone" varchar(11),
	"email" varchar(120),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profissionais" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cpf" varchar(11) NOT NULL,
	"cns" varchar(15),
	"conselho" varchar(7) NOT NULL,
	"numero_conselho" varchar(15) NOT NULL,
	"numero_conselho_busca" varchar(15) COLLATE "C" GENERATED ALWAYS AS (lower(translate("numero_conselho", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"uf_conselho" varchar(2) NOT NULL,
	"especialidade" integer,
	"prestador" integer,
	"telefone" varchar(11),
	"email" varchar(120),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atualizacoes_cadastrais" ADD CONSTRAINT "atualizacoes_cadastrais_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atualizacoes_cadastrais" ADD CONSTRAINT "atualizacoes_cadastrais_solicitante_id_usuarios_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atualizacoes_cadastrais" ADD CONSTRAINT "atualizacoes_cadastrais_decidida_por_id_usuarios_id_fk" FOREIGN KEY ("decidida_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD CONSTRAINT "beneficiarios_estado_civil_estados_civis_id_fk" FOREIGN KEY ("estado_civil") REFERENCES "public"."estados_civis"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD CONSTRAINT "beneficiarios_titular_beneficiarios_id_fk" FOREIGN KEY ("titular") REFERENCES "public"."beneficiarios"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD CONSTRAINT "beneficiarios_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD CONSTRAINT "beneficiarios_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD CONSTRAINT "beneficiarios_empresa_empresas_id_fk" FOREIGN KEY ("empresa") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fornecedores" ADD CONSTRAINT "fornecedores_pais_identidade_paises_id_fk" FOREIGN KEY ("pais_identidade") REFERENCES "public"."paises"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fornecedores" ADD CONSTRAINT "fornecedores_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fornecedores" ADD CONSTRAINT "fornecedores_banco_bancos_id_fk" FOREIGN KEY ("banco") REFERENCES "public"."bancos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_especialidade_especialidades_id_fk" FOREIGN KEY ("especialidade") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_especialidade2_especialidades_id_fk" FOREIGN KEY ("especialidade2") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_pais_identidade_paises_id_fk" FOREIGN KEY ("pais_identidade") REFERENCES "public"."paises"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_banco_bancos_id_fk" FOREIGN KEY ("banco") REFERENCES "public"."bancos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores_indiretos" ADD CONSTRAINT "prestadores_indiretos_prestador_prestadores_id_fk" FOREIGN KEY ("prestador") REFERENCES "public"."prestadores"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores_indiretos" ADD CONSTRAINT "prestadores_indiretos_especialidade_especialidades_id_fk" FOREIGN KEY ("especialidade") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores_indiretos" ADD CONSTRAINT "prestadores_indiretos_especialidade2_especialidades_id_fk" FOREIGN KEY ("especialidade2") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores_indiretos" ADD CONSTRAINT "prestadores_indiretos_pais_identidade_paises_id_fk" FOREIGN KEY ("pais_identidade") REFERENCES "public"."paises"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores_indiretos" ADD CONSTRAINT "prestadores_indiretos_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "profissionais" ADD CONSTRAINT "profissionais_especialidade_especialidades_id_fk" FOREIGN KEY ("especialidade") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "profissionais" ADD CONSTRAINT "profissionais_prestador_prestadores_id_fk" FOREIGN KEY ("prestador") REFERENCES "public"."prestadores"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "atualizacoes_cadastrais_situacao_idx" ON "atualizacoes_cadastrais" USING btree ("situacao","criada_em");--> statement-breakpoint
CREATE INDEX "atualizacoes_cadastrais_beneficiario_idx" ON "atualizacoes_cadastrais" USING btree ("beneficiario_id","criada_em");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiarios_matricula_uq" ON "beneficiarios" USING btree ("matricula");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiarios_carteirinha_uq" ON "beneficiarios" USING btree ("carteirinha");--> statement-breakpoint
CREATE INDEX "beneficiarios_nome_idx" ON "beneficiarios" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "beneficiarios_cpf_idx" ON "beneficiarios" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "beneficiarios_cns_idx" ON "beneficiarios" USING btree ("cns");--> statement-breakpoint
CREATE INDEX "beneficiarios_estado_civil_idx" ON "beneficiarios" USING btree ("estado_civil");--> statement-breakpoint
CREATE INDEX "beneficiarios_titular_idx" ON "beneficiarios" USING btree ("titular");--> statement-breakpoint
CREATE INDEX "beneficiarios_cidade_idx" ON "beneficiarios" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "beneficiarios_produto_idx" ON "beneficiarios" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "beneficiarios_empresa_idx" ON "beneficiarios" USING btree ("empresa");--> statement-breakpoint
CREATE INDEX "beneficiarios_situacao_idx" ON "beneficiarios" USING btree ("situacao");--> statement-breakpoint
CREATE UNIQUE INDEX "fornecedores_codigo_uq" ON "fornecedores" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "fornecedores_codigo_idx" ON "fornecedores" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "fornecedores_nome_idx" ON "fornecedores" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "fornecedores_cpf_idx" ON "fornecedores" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "fornecedores_cnpj_idx" ON "fornecedores" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "fornecedores_pais_identidade_idx" ON "fornecedores" USING btree ("pais_identidade");--> statement-breakpoint
CREATE INDEX "fornecedores_cidade_idx" ON "fornecedores" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "fornecedores_email_idx" ON "fornecedores" USING btree ("email_busca");--> statement-breakpoint
CREATE INDEX "fornecedores_banco_idx" ON "fornecedores" USING btree ("banco");--> statement-breakpoint
CREATE UNIQUE INDEX "prestadores_codigo_uq" ON "prestadores" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "prestadores_codigo_idx" ON "prestadores" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "prestadores_nome_idx" ON "prestadores" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "prestadores_cpf_idx" ON "prestadores" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "prestadores_cnpj_idx" ON "prestadores" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "prestadores_especialidade_idx" ON "prestadores" USING btree ("especialidade");--> statement-breakpoint
CREATE INDEX "prestadores_especialidade2_idx" ON "prestadores" USING btree ("especialidade2");--> statement-breakpoint
CREATE INDEX "prestadores_pais_identidade_idx" ON "prestadores" USING btree ("pais_identidade");--> statement-breakpoint
CREATE INDEX "prestadores_cidade_idx" ON "prestadores" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "prestadores_banco_idx" ON "prestadores" USING btree ("banco");--> statement-breakpoint
CREATE UNIQUE INDEX "prestadores_indiretos_codigo_uq" ON "prestadores_indiretos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_codigo_idx" ON "prestadores_indiretos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_prestador_idx" ON "prestadores_indiretos" USING btree ("prestador");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_nome_idx" ON "prestadores_indiretos" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_cpf_idx" ON "prestadores_indiretos" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_cnpj_idx" ON "prestadores_indiretos" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_especialidade_idx" ON "prestadores_indiretos" USING btree ("especialidade");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_especialidade2_idx" ON "prestadores_indiretos" USING btree ("especialidade2");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_pais_identidade_idx" ON "prestadores_indiretos" USING btree ("pais_identidade");--> statement-breakpoint
CREATE INDEX "prestadores_indiretos_cidade_idx" ON "prestadores_indiretos" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "profissionais_nome_idx" ON "profissionais" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "profissionais_cpf_idx" ON "profissionais" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "profissionais_numero_conselho_idx" ON "profissionais" USING btree ("numero_conselho_busca");--> statement-breakpoint
CREATE INDEX "profissionais_especialidade_idx" ON "profissionais" USING btree ("especialidade");--> statement-breakpoint
CREATE INDEX "profissionais_prestador_idx" ON "profissionais" USING btree ("prestador");--> statement-breakpoint
CREATE INDEX "profissionais_conselho_numero_conselho_uf_conselho_idx" ON "profissionais" USING btree ("conselho","numero_conselho_busca","uf_conselho");