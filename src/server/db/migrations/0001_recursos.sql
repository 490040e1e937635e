CREATE TABLE "aliquotas_iof" (
	"id" serial PRIMARY KEY NOT NULL,
	"faixa_inicial" numeric(14, 2) NOT NULL,
	"faixa_final" numeric(14, 2),
	"aliquota" numeric(7, 2) NOT NULL,
	"deducao" numeric(14, 2),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aliquotas_irrf" (
	"id" serial PRIMARY KEY NOT NULL,
	"faixa_inicial" numeric(14, 2) NOT NULL,
	"faixa_final" numeric(14, 2),
	"aliquota" numeric(7, 2) NOT NULL,
	"deducao" numeric(14, 2),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bancos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(3) NOT NULL,
	"ispb" varchar(8),
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome_reduzido" varchar(60),
	"nome_reduzido_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome_reduzido", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"site" varchar(200),
	"site_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("site", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brasindice_materiais" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_laboratorio" varchar(3) NOT NULL,
	"codigo_item" varchar(5) NOT NULL,
	"codigo_apresentacao" varchar(4) NOT NULL,
	"codigo_tuss" varchar(10),
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"laboratorio" varchar(80),
	"laboratorio_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("laboratorio", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"pmc" numeric(14, 2),
	"pfb" numeric(14, 2),
	"edicao" varchar(6) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brasindice_medicamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_laboratorio" varchar(3) NOT NULL,
	"codigo_item" varchar(5) NOT NULL,
	"codigo_apresentacao" varchar(4) NOT NULL,
	"codigo_tuss" varchar(10),
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"laboratorio" varchar(80),
	"laboratorio_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("laboratorio", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"pmc" numeric(14, 2),
	"pfb" numeric(14, 2),
	"edicao" varchar(6) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campos_criticados" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"entidade" varchar(12) NOT NULL,
	"campo" varchar(60) NOT NULL,
	"campo_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("campo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"glosa" varchar(4),
	"bloqueante" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cbo_s" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cids" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"restricao_sexo" varchar(1),
	"causa_obito" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes_precos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"fator" numeric(8, 4) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classificacoes_estabelecimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo" varchar(14) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classificacoes_matriculas" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"codigo_busca" varchar(2) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"classe" varchar(1) NOT NULL,
	"contribui" boolean DEFAULT true NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coparticipacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto" integer NOT NULL,
	"tipo" integer NOT NULL,
	"grupo_procedimento" integer,
	"percentual" numeric(7, 2) NOT NULL,
	"valor_maximo" numeric(14, 2),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotas_uniao" (
	"id" serial PRIMARY KEY NOT NULL,
	"competencia" varchar(6) NOT NULL,
	"valor_per_capita" numeric(14, 2) NOT NULL,
	"percentual_uniao" numeric(7, 2) NOT NULL,
	"observacao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"titulo_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("titulo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo" varchar(12) NOT NULL,
	"texto" varchar(8000) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"denticao" varchar(10) NOT NULL,
	"arcada" varchar(8) NOT NULL,
	"grupo" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distritos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"nome_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cidade" integer NOT NULL,
	"codigo_ibge" varchar(9),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"razao_social" varchar(150) NOT NULL,
	"razao_social_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("razao_social", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome_fantasia" varchar(150),
	"nome_fantasia_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome_fantasia", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cidade" integer,
	"cep" varchar(8),
	"telefone" varchar(11),
	"email" varchar(120),
	"inicio_contrato" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "especialidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cbo" varchar(6) NOT NULL,
	"conselho" varchar(2) NOT NULL,
	"rqe" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados_civis" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"codigo_busca" varchar(2) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(40) NOT NULL,
	"descricao_busca" varchar(40) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventos_mensais" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"natureza" varchar(7) NOT NULL,
	"conta_contabil" integer,
	"dia_vencimento" integer,
	"valor_padrao" numeric(14, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faces_dentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sigla" varchar(1) NOT NULL,
	"descricao" varchar(40) NOT NULL,
	"descricao_busca" varchar(40) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faixas_etarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto" integer NOT NULL,
	"idade_inicial" integer NOT NULL,
	"idade_final" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feriados" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" date NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"abrangencia" varchar(9) NOT NULL,
	"uf" varchar(2),
	"cidade" integer,
	"ponto_facultativo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formas_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"codigo_tiss" varchar(1) NOT NULL,
	"exige_conta_bancaria" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundos_reserva" (
	"id" serial PRIMARY KEY NOT NULL,
	"competencia" varchar(6) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"valor_provisionado" numeric(14, 2),
	"observacao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundos_sociais" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"percentual" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundos_sociais_beneficiarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundo" integer NOT NULL,
	"carteira" varchar(20) NOT NULL,
	"carteira_busca" varchar(20) COLLATE "C" GENERATED ALWAYS AS (lower(translate("carteira", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cpf" varchar(11) NOT NULL,
	"percentual_subsidio" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graus_parentesco" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"descricao" varchar(60) NOT NULL,
	"descricao_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"dependente" boolean DEFAULT true NOT NULL,
	"idade_limite" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_acessos_procedimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"exige_autorizacao" boolean DEFAULT true NOT NULL,
	"exige_auditoria" boolean DEFAULT false NOT NULL,
	"prazo_dias_uteis" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_dentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(60) NOT NULL,
	"descricao_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_impostos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"pessoa" varchar(1) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_procedimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"capitulo" varchar(1) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"segmentacao" varchar(9) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_tiss" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(3) NOT NULL,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo_evento" varchar(1) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historicos_contas_pagar" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"conta_contabil" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"sigla" varchar(10) NOT NULL,
	"sigla_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("sigla", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"periodicidade" varchar(6) NOT NULL,
	"valor_atual" numeric(12, 4),
	"data_referencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indices_ipca" (
	"id" serial PRIMARY KEY NOT NULL,
	"competencia" varchar(6) NOT NULL,
	"variacao_mensal" numeric(7, 2) NOT NULL,
	"acumulado12_meses" numeric(7, 2),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intercambios" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"nome_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cnpj" varchar(14) NOT NULL,
	"registro_ans" varchar(6),
	"cidade" integer NOT NULL,
	"telefone" varchar(11),
	"email" varchar(120),
	"email_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "joias" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto" integer NOT NULL,
	"idade_inicial" integer NOT NULL,
	"idade_final" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"parcelas" integer,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites_coparticipacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto" integer NOT NULL,
	"periodo" varchar(6) NOT NULL,
	"valor_limite" numeric(14, 2) NOT NULL,
	"multiplo_mensalidade" numeric(6, 2),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites_impostos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_imposto" integer NOT NULL,
	"valor_limite" numeric(14, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mapeamentos_plano_conta" (
	"id" serial PRIMARY KEY NOT NULL,
	"origem" varchar(19) NOT NULL,
	"conta_debito" integer NOT NULL,
	"conta_credito" integer NOT NULL,
	"historico" varchar(120),
	"historico_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("historico", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materiais" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"unidade" integer NOT NULL,
	"opme" boolean DEFAULT false NOT NULL,
	"registro_anvisa" varchar(13),
	"fabricante" varchar(80),
	"fabricante_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("fabricante", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"valor" numeric(14, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"principio_ativo" varchar(120),
	"principio_ativo_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("principio_ativo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"apresentacao" varchar(120),
	"apresentacao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("apresentacao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"unidade" integer NOT NULL,
	"registro_anvisa" varchar(13),
	"valor" numeric(14, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"grupo" varchar(2) NOT NULL,
	"tipo" varchar(8) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos_afastamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"suspende_cobranca" boolean DEFAULT false NOT NULL,
	"exige_documento" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos_desligamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"codigo_sib" varchar(2),
	"exige_documento" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos_saida" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(4) NOT NULL,
	"codigo_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"codigo_tiss" varchar(2),
	"exige_documento" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operadoras" (
	"id" serial PRIMARY KEY NOT NULL,
	"registro_ans" varchar(6) NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"razao_social" varchar(150) NOT NULL,
	"razao_social_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("razao_social", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome_fantasia" varchar(150),
	"modalidade" varchar(14) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"logo" varchar(4000),
	"site" varchar(200),
	"site_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("site", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"codigo_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"procedimento_principal" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"diarias" integer,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"sigla3" varchar(3) NOT NULL,
	"codigo_bacen" varchar(4),
	"nome" varchar(80) NOT NULL,
	"nome_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nacionalidade" varchar(60),
	"nacionalidade_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nacionalidade", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"bandeira" varchar(2000),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pendencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"area" varchar(11) NOT NULL,
	"prazo_dias" integer,
	"bloqueia_atendimento" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "percentuais_funcoes_executantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"grau_participacao" varchar(2) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"classe_preco" integer,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "percentuais_reducao_margem" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"faixa_inicial" numeric(14, 2) NOT NULL,
	"faixa_final" numeric(14, 2) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "percentuais_taxas_urgencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"hora_inicio" varchar(4) NOT NULL,
	"hora_fim" varchar(4) NOT NULL,
	"dias_semana" varchar(10) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "percentuais_via_acesso" (
	"id" serial PRIMARY KEY NOT NULL,
	"via_acesso" varchar(1) NOT NULL,
	"tecnica" varchar(1) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissoes_datas" (
	"id" serial PRIMARY KEY NOT NULL,
	"processo" varchar(14) NOT NULL,
	"competencia" varchar(6) NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim" date NOT NULL,
	"observacao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_contas" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(9) NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"descricao_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo" varchar(9) NOT NULL,
	"natureza" varchar(7) NOT NULL,
	"aceita_lancamento" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portes_honorarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"porte" varchar(3) NOT NULL,
	"porte_busca" varchar(3) COLLATE "C" GENERATED ALWAYS AS (lower(translate("porte", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"valor" numeric(14, 2) NOT NULL,
	"tabela_preco" integer NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(8) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"grupo" integer,
	"porte" varchar(3),
	"porte_busca" varchar(3) COLLATE "C" GENERATED ALWAYS AS (lower(translate("porte", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"valor" numeric(14, 2),
	"sexo" varchar(1) NOT NULL,
	"rol" boolean DEFAULT true NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"registro_ans" varchar(9) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"nome_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"grupo" integer NOT NULL,
	"contratacao" varchar(11) NOT NULL,
	"abrangencia" varchar(16) NOT NULL,
	"acomodacao" varchar(10) NOT NULL,
	"fator_moderador" varchar(14) NOT NULL,
	"inicio_comercializacao" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programas_saude" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome" varchar(120) NOT NULL,
	"nome_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"icone" varchar(7),
	"publico_alvo" varchar(120),
	"publico_alvo_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("publico_alvo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"titulo_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("titulo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"finalidade" varchar(16) NOT NULL,
	"perguntas" integer NOT NULL,
	"obrigatorio" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotas_emprestimo" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"valor_maximo" numeric(14, 2) NOT NULL,
	"parcelas_maximas" integer NOT NULL,
	"taxa_juros_mensal" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regioes_dentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sigla" varchar(4) NOT NULL,
	"sigla_busca" varchar(4) COLLATE "C" GENERATED ALWAYS AS (lower(translate("sigla", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(60) NOT NULL,
	"descricao_busca" varchar(60) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responsaveis_protocolos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_protocolo" varchar(11) NOT NULL,
	"setor" integer NOT NULL,
	"responsavel" varchar(120) NOT NULL,
	"responsavel_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("responsavel", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"email" varchar(120) NOT NULL,
	"email_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"prazo_dias_uteis" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retencoes_minimas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tributo" varchar(4) NOT NULL,
	"valor_minimo" numeric(14, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicos_aps" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"profissional" varchar(14) NOT NULL,
	"procedimento" integer,
	"valor" numeric(14, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setores_empresa" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"centro_custo" varchar(10),
	"centro_custo_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("centro_custo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"email" varchar(120),
	"email_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siglas" (
	"id" serial PRIMARY KEY NOT NULL,
	"sigla" varchar(10) NOT NULL,
	"sigla_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("sigla", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"uso" varchar(9) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "situacoes_contratantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"permite_atendimento" boolean DEFAULT true NOT NULL,
	"gera_cobranca" boolean DEFAULT true NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "situacoes_faturamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(1) NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"permite_recurso" boolean DEFAULT false NOT NULL,
	"cor" varchar(7),
	"cor_busca" varchar(7) COLLATE "C" GENERATED ALWAYS AS (lower(translate("cor", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsidios_contribuicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa" integer NOT NULL,
	"produto" integer NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"valor_maximo" numeric(14, 2),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabelas_impostos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_imposto" integer NOT NULL,
	"grupo" integer NOT NULL,
	"aliquota" numeric(7, 2) NOT NULL,
	"codigo_receita" varchar(4),
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabelas_juros_multas" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"percentual_multa" numeric(7, 2) NOT NULL,
	"juros_mensal" numeric(7, 2) NOT NULL,
	"tipo_juros" varchar(8) NOT NULL,
	"dias_carencia" integer,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabelas_parcelamento_valor" (
	"id" serial PRIMARY KEY NOT NULL,
	"valor_inicial" numeric(14, 2) NOT NULL,
	"valor_final" numeric(14, 2) NOT NULL,
	"parcelas_maximas" integer NOT NULL,
	"percentual_entrada" numeric(7, 2) NOT NULL,
	"parcela_minima" numeric(14, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabelas_precos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"codigo_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tabela_tiss" varchar(2) NOT NULL,
	"indexador" integer,
	"valor_ch" numeric(10, 4),
	"valor_uco" numeric(10, 4),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"codigo_busca" varchar(40) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cor" varchar(7),
	"cor_busca" varchar(7) COLLATE "C" GENERATED ALWAYS AS (lower(translate("cor", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"documento_obrigatorio" boolean DEFAULT false NOT NULL,
	"aplicacao" varchar(12) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxas" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(8) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"tipo" varchar(2) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxas_boleto" (
	"id" serial PRIMARY KEY NOT NULL,
	"banco" integer NOT NULL,
	"carteira" varchar(3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"repassa_beneficiario" boolean DEFAULT false NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxas_cartao" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"motivo" varchar(11) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_acomodacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"padrao" varchar(10) NOT NULL,
	"percentual" numeric(7, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_cargos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"cbo" varchar(6),
	"nivel" varchar(11) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_contas_pagar" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"conta_contabil" integer,
	"retem_impostos" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_contas_receber" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"conta_contabil" integer,
	"tabela_juros" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_contribuicoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"natureza" varchar(14) NOT NULL,
	"conta_contabil" varchar(20),
	"conta_contabil_busca" varchar(20) COLLATE "C" GENERATED ALWAYS AS (lower(translate("conta_contabil", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_coparticipacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"base" varchar(10) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_descontos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"percentual" numeric(7, 2),
	"exige_aprovacao" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"sigla" varchar(6),
	"sigla_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("sigla", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"fiscal" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_impostos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"codigo_tiss" varchar(2) NOT NULL,
	"esfera" varchar(9) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"codigo_busca" varchar(6) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(120) NOT NULL,
	"descricao_busca" varchar(120) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"forma" varchar(6) NOT NULL,
	"banco" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidades_medida" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(3) NOT NULL,
	"sigla" varchar(10) NOT NULL,
	"sigla_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("sigla", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"descricao" varchar(80) NOT NULL,
	"descricao_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cidades" DROP CONSTRAINT "cidades_uf_ufs_sigla_fk";
--> statement-breakpoint
DROP INDEX "cidades_uf_nome_idx";--> statement-breakpoint
ALTER TABLE "cidades" ADD COLUMN "nome_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
ALTER TABLE "cidades" ADD COLUMN "ddd" varchar(2);--> statement-breakpoint
ALTER TABLE "cidades" ADD COLUMN "capital" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cidades" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coparticipacoes" ADD CONSTRAINT "coparticipacoes_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "coparticipacoes" ADD CONSTRAINT "coparticipacoes_tipo_tipos_coparticipacoes_id_fk" FOREIGN KEY ("tipo") REFERENCES "public"."tipos_coparticipacoes"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "coparticipacoes" ADD CONSTRAINT "coparticipacoes_grupo_procedimento_grupos_procedimentos_id_fk" FOREIGN KEY ("grupo_procedimento") REFERENCES "public"."grupos_procedimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "dentes" ADD CONSTRAINT "dentes_grupo_grupos_dentes_id_fk" FOREIGN KEY ("grupo") REFERENCES "public"."grupos_dentes"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "distritos" ADD CONSTRAINT "distritos_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "eventos_mensais" ADD CONSTRAINT "eventos_mensais_conta_contabil_planos_contas_id_fk" FOREIGN KEY ("conta_contabil") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "faixas_etarias" ADD CONSTRAINT "faixas_etarias_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fundos_sociais_beneficiarios" ADD CONSTRAINT "fundos_sociais_beneficiarios_fundo_fundos_sociais_id_fk" FOREIGN KEY ("fundo") REFERENCES "public"."fundos_sociais"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "historicos_contas_pagar" ADD CONSTRAINT "historicos_contas_pagar_conta_contabil_planos_contas_id_fk" FOREIGN KEY ("conta_contabil") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "intercambios" ADD CONSTRAINT "intercambios_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "joias" ADD CONSTRAINT "joias_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "limites_coparticipacao" ADD CONSTRAINT "limites_coparticipacao_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "limites_impostos" ADD CONSTRAINT "limites_impostos_tipo_imposto_tipos_impostos_id_fk" FOREIGN KEY ("tipo_imposto") REFERENCES "public"."tipos_impostos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "mapeamentos_plano_conta" ADD CONSTRAINT "mapeamentos_plano_conta_conta_debito_planos_contas_id_fk" FOREIGN KEY ("conta_debito") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "mapeamentos_plano_conta" ADD CONSTRAINT "mapeamentos_plano_conta_conta_credito_planos_contas_id_fk" FOREIGN KEY ("conta_credito") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "materiais" ADD CONSTRAINT "materiais_unidade_unidades_medida_id_fk" FOREIGN KEY ("unidade") REFERENCES "public"."unidades_medida"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "medicamentos" ADD CONSTRAINT "medicamentos_unidade_unidades_medida_id_fk" FOREIGN KEY ("unidade") REFERENCES "public"."unidades_medida"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_procedimento_principal_procedimentos_id_fk" FOREIGN KEY ("procedimento_principal") REFERENCES "public"."procedimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "percentuais_funcoes_executantes" ADD CONSTRAINT "percentuais_funcoes_executantes_classe_preco_classes_precos_id_fk" FOREIGN KEY ("classe_preco") REFERENCES "public"."classes_precos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "portes_honorarios" ADD CONSTRAINT "portes_honorarios_tabela_preco_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco") REFERENCES "public"."tabelas_precos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "procedimentos" ADD CONSTRAINT "procedimentos_grupo_grupos_procedimentos_id_fk" FOREIGN KEY ("grupo") REFERENCES "public"."grupos_procedimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_grupo_grupos_produtos_id_fk" FOREIGN KEY ("grupo") REFERENCES "public"."grupos_produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "responsaveis_protocolos" ADD CONSTRAINT "responsaveis_protocolos_setor_setores_empresa_id_fk" FOREIGN KEY ("setor") REFERENCES "public"."setores_empresa"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "servicos_aps" ADD CONSTRAINT "servicos_aps_procedimento_procedimentos_id_fk" FOREIGN KEY ("procedimento") REFERENCES "public"."procedimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "subsidios_contribuicao" ADD CONSTRAINT "subsidios_contribuicao_empresa_empresas_id_fk" FOREIGN KEY ("empresa") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "subsidios_contribuicao" ADD CONSTRAINT "subsidios_contribuicao_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tabelas_impostos" ADD CONSTRAINT "tabelas_impostos_tipo_imposto_tipos_impostos_id_fk" FOREIGN KEY ("tipo_imposto") REFERENCES "public"."tipos_impostos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tabelas_impostos" ADD CONSTRAINT "tabelas_impostos_grupo_grupos_impostos_id_fk" FOREIGN KEY ("grupo") REFERENCES "public"."grupos_impostos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tabelas_precos" ADD CONSTRAINT "tabelas_precos_indexador_indexadores_id_fk" FOREIGN KEY ("indexador") REFERENCES "public"."indexadores"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "taxas_boleto" ADD CONSTRAINT "taxas_boleto_banco_bancos_id_fk" FOREIGN KEY ("banco") REFERENCES "public"."bancos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tipos_contas_pagar" ADD CONSTRAINT "tipos_contas_pagar_conta_contabil_planos_contas_id_fk" FOREIGN KEY ("conta_contabil") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tipos_contas_receber" ADD CONSTRAINT "tipos_contas_receber_conta_contabil_planos_contas_id_fk" FOREIGN KEY ("conta_contabil") REFERENCES "public"."planos_contas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tipos_contas_receber" ADD CONSTRAINT "tipos_contas_receber_tabela_juros_tabelas_juros_multas_id_fk" FOREIGN KEY ("tabela_juros") REFERENCES "public"."tabelas_juros_multas"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tipos_pagamentos" ADD CONSTRAINT "tipos_pagamentos_banco_bancos_id_fk" FOREIGN KEY ("banco") REFERENCES "public"."bancos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "aliquotas_iof_faixa_inicial_idx" ON "aliquotas_iof" USING btree ("faixa_inicial");--> statement-breakpoint
CREATE INDEX "aliquotas_irrf_faixa_inicial_idx" ON "aliquotas_irrf" USING btree ("faixa_inicial");--> statement-breakpoint
CREATE UNIQUE INDEX "bancos_codigo_uq" ON "bancos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "bancos_codigo_idx" ON "bancos" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "bancos_ispb_uq" ON "bancos" USING btree ("ispb");--> statement-breakpoint
CREATE INDEX "bancos_nome_idx" ON "bancos" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "bancos_nome_reduzido_idx" ON "bancos" USING btree ("nome_reduzido_busca");--> statement-breakpoint
CREATE INDEX "bancos_site_idx" ON "bancos" USING btree ("site_busca");--> statement-breakpoint
CREATE INDEX "brasindice_materiais_descricao_idx" ON "brasindice_materiais" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "brasindice_materiais_laboratorio_idx" ON "brasindice_materiais" USING btree ("laboratorio_busca");--> statement-breakpoint
CREATE INDEX "brasindice_medicamentos_descricao_idx" ON "brasindice_medicamentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "brasindice_medicamentos_laboratorio_idx" ON "brasindice_medicamentos" USING btree ("laboratorio_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "campos_criticados_codigo_uq" ON "campos_criticados" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "campos_criticados_codigo_idx" ON "campos_criticados" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "campos_criticados_descricao_idx" ON "campos_criticados" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "campos_criticados_campo_idx" ON "campos_criticados" USING btree ("campo_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "cbos_codigo_uq" ON "cbos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "cbos_codigo_idx" ON "cbos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "cbos_descricao_idx" ON "cbos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "cids_codigo_uq" ON "cids" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "cids_codigo_idx" ON "cids" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "cids_descricao_idx" ON "cids" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_precos_codigo_uq" ON "classes_precos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "classes_precos_codigo_idx" ON "classes_precos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "classes_precos_descricao_idx" ON "classes_precos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "classificacoes_estabelecimentos_codigo_uq" ON "classificacoes_estabelecimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "classificacoes_estabelecimentos_codigo_idx" ON "classificacoes_estabelecimentos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "classificacoes_estabelecimentos_descricao_idx" ON "classificacoes_estabelecimentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "classificacoes_matriculas_codigo_uq" ON "classificacoes_matriculas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "classificacoes_matriculas_codigo_idx" ON "classificacoes_matriculas" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "classificacoes_matriculas_descricao_idx" ON "classificacoes_matriculas" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "coparticipacoes_produto_idx" ON "coparticipacoes" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "coparticipacoes_tipo_idx" ON "coparticipacoes" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "coparticipacoes_grupo_procedimento_idx" ON "coparticipacoes" USING btree ("grupo_procedimento");--> statement-breakpoint
CREATE INDEX "coparticipacoes_inicio_vigencia_idx" ON "coparticipacoes" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE UNIQUE INDEX "cotas_uniao_competencia_uq" ON "cotas_uniao" USING btree ("competencia");--> statement-breakpoint
CREATE INDEX "cotas_uniao_competencia_idx" ON "cotas_uniao" USING btree ("competencia");--> statement-breakpoint
CREATE UNIQUE INDEX "declaracoes_titulo_uq" ON "declaracoes" USING btree ("titulo");--> statement-breakpoint
CREATE INDEX "declaracoes_titulo_idx" ON "declaracoes" USING btree ("titulo_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "dentes_codigo_uq" ON "dentes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "dentes_codigo_idx" ON "dentes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "dentes_descricao_idx" ON "dentes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "dentes_grupo_idx" ON "dentes" USING btree ("grupo");--> statement-breakpoint
CREATE INDEX "distritos_nome_idx" ON "distritos" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "distritos_cidade_idx" ON "distritos" USING btree ("cidade");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_cnpj_uq" ON "empresas" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "empresas_razao_social_idx" ON "empresas" USING btree ("razao_social_busca");--> statement-breakpoint
CREATE INDEX "empresas_nome_fantasia_idx" ON "empresas" USING btree ("nome_fantasia_busca");--> statement-breakpoint
CREATE INDEX "empresas_cidade_idx" ON "empresas" USING btree ("cidade");--> statement-breakpoint
CREATE UNIQUE INDEX "especialidades_codigo_uq" ON "especialidades" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "especialidades_codigo_idx" ON "especialidades" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "especialidades_descricao_idx" ON "especialidades" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "estados_civis_codigo_uq" ON "estados_civis" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "estados_civis_codigo_idx" ON "estados_civis" USING btree ("codigo_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "estados_civis_descricao_uq" ON "estados_civis" USING btree ("descricao");--> statement-breakpoint
CREATE INDEX "estados_civis_descricao_idx" ON "estados_civis" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_mensais_codigo_uq" ON "eventos_mensais" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "eventos_mensais_codigo_idx" ON "eventos_mensais" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "eventos_mensais_descricao_idx" ON "eventos_mensais" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "eventos_mensais_conta_contabil_idx" ON "eventos_mensais" USING btree ("conta_contabil");--> statement-breakpoint
CREATE UNIQUE INDEX "faces_dentes_sigla_uq" ON "faces_dentes" USING btree ("sigla");--> statement-breakpoint
CREATE INDEX "faces_dentes_sigla_idx" ON "faces_dentes" USING btree ("sigla");--> statement-breakpoint
CREATE INDEX "faces_dentes_descricao_idx" ON "faces_dentes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "faixas_etarias_produto_idx" ON "faixas_etarias" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "faixas_etarias_idade_inicial_idx" ON "faixas_etarias" USING btree ("idade_inicial");--> statement-breakpoint
CREATE INDEX "feriados_data_idx" ON "feriados" USING btree ("data");--> statement-breakpoint
CREATE INDEX "feriados_descricao_idx" ON "feriados" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "feriados_cidade_idx" ON "feriados" USING btree ("cidade");--> statement-breakpoint
CREATE UNIQUE INDEX "formas_pagamento_codigo_uq" ON "formas_pagamento" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "formas_pagamento_codigo_idx" ON "formas_pagamento" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "formas_pagamento_descricao_idx" ON "formas_pagamento" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "fundos_reserva_competencia_uq" ON "fundos_reserva" USING btree ("competencia");--> statement-breakpoint
CREATE INDEX "fundos_reserva_competencia_idx" ON "fundos_reserva" USING btree ("competencia");--> statement-breakpoint
CREATE UNIQUE INDEX "fundos_sociais_codigo_uq" ON "fundos_sociais" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "fundos_sociais_codigo_idx" ON "fundos_sociais" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "fundos_sociais_descricao_idx" ON "fundos_sociais" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "fundos_sociais_beneficiarios_fundo_idx" ON "fundos_sociais_beneficiarios" USING btree ("fundo");--> statement-breakpoint
CREATE INDEX "fundos_sociais_beneficiarios_carteira_idx" ON "fundos_sociais_beneficiarios" USING btree ("carteira_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "graus_parentesco_codigo_uq" ON "graus_parentesco" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "graus_parentesco_codigo_idx" ON "graus_parentesco" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "graus_parentesco_descricao_idx" ON "graus_parentesco" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_acessos_procedimentos_codigo_uq" ON "grupos_acessos_procedimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_acessos_procedimentos_codigo_idx" ON "grupos_acessos_procedimentos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "grupos_acessos_procedimentos_descricao_idx" ON "grupos_acessos_procedimentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_dentes_codigo_uq" ON "grupos_dentes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_dentes_codigo_idx" ON "grupos_dentes" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "grupos_dentes_descricao_idx" ON "grupos_dentes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_impostos_codigo_uq" ON "grupos_impostos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_impostos_codigo_idx" ON "grupos_impostos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "grupos_impostos_descricao_idx" ON "grupos_impostos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_procedimentos_codigo_uq" ON "grupos_procedimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_procedimentos_codigo_idx" ON "grupos_procedimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_procedimentos_descricao_idx" ON "grupos_procedimentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_produtos_codigo_uq" ON "grupos_produtos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_produtos_codigo_idx" ON "grupos_produtos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "grupos_produtos_descricao_idx" ON "grupos_produtos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_tiss_codigo_uq" ON "grupos_tiss" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_tiss_codigo_idx" ON "grupos_tiss" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "grupos_tiss_descricao_idx" ON "grupos_tiss" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "historicos_contas_pagar_codigo_uq" ON "historicos_contas_pagar" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "historicos_contas_pagar_codigo_idx" ON "historicos_contas_pagar" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "historicos_contas_pagar_descricao_idx" ON "historicos_contas_pagar" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "historicos_contas_pagar_conta_contabil_idx" ON "historicos_contas_pagar" USING btree ("conta_contabil");--> statement-breakpoint
CREATE UNIQUE INDEX "indexadores_sigla_uq" ON "indexadores" USING btree ("sigla");--> statement-breakpoint
CREATE INDEX "indexadores_sigla_idx" ON "indexadores" USING btree ("sigla_busca");--> statement-breakpoint
CREATE INDEX "indexadores_descricao_idx" ON "indexadores" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "indices_ipca_competencia_uq" ON "indices_ipca" USING btree ("competencia");--> statement-breakpoint
CREATE INDEX "indices_ipca_competencia_idx" ON "indices_ipca" USING btree ("competencia");--> statement-breakpoint
CREATE UNIQUE INDEX "intercambios_codigo_uq" ON "intercambios" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "intercambios_nome_idx" ON "intercambios" USING btree ("nome_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "intercambios_cnpj_uq" ON "intercambios" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "intercambios_cidade_idx" ON "intercambios" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "intercambios_email_idx" ON "intercambios" USING btree ("email_busca");--> statement-breakpoint
CREATE INDEX "joias_produto_idx" ON "joias" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "joias_idade_inicial_idx" ON "joias" USING btree ("idade_inicial");--> statement-breakpoint
CREATE INDEX "limites_coparticipacao_produto_idx" ON "limites_coparticipacao" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "limites_coparticipacao_inicio_vigencia_idx" ON "limites_coparticipacao" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "limites_impostos_tipo_imposto_idx" ON "limites_impostos" USING btree ("tipo_imposto");--> statement-breakpoint
CREATE INDEX "limites_impostos_inicio_vigencia_idx" ON "limites_impostos" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "mapeamentos_plano_conta_origem_idx" ON "mapeamentos_plano_conta" USING btree ("origem");--> statement-breakpoint
CREATE INDEX "mapeamentos_plano_conta_conta_debito_idx" ON "mapeamentos_plano_conta" USING btree ("conta_debito");--> statement-breakpoint
CREATE INDEX "mapeamentos_plano_conta_conta_credito_idx" ON "mapeamentos_plano_conta" USING btree ("conta_credito");--> statement-breakpoint
CREATE INDEX "mapeamentos_plano_conta_historico_idx" ON "mapeamentos_plano_conta" USING btree ("historico_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "materiais_codigo_uq" ON "materiais" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "materiais_descricao_idx" ON "materiais" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "materiais_unidade_idx" ON "materiais" USING btree ("unidade");--> statement-breakpoint
CREATE INDEX "materiais_fabricante_idx" ON "materiais" USING btree ("fabricante_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "medicamentos_codigo_uq" ON "medicamentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "medicamentos_descricao_idx" ON "medicamentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "medicamentos_principio_ativo_idx" ON "medicamentos" USING btree ("principio_ativo_busca");--> statement-breakpoint
CREATE INDEX "medicamentos_apresentacao_idx" ON "medicamentos" USING btree ("apresentacao_busca");--> statement-breakpoint
CREATE INDEX "medicamentos_unidade_idx" ON "medicamentos" USING btree ("unidade");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_codigo_uq" ON "motivos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "motivos_codigo_idx" ON "motivos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "motivos_descricao_idx" ON "motivos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_afastamento_codigo_uq" ON "motivos_afastamento" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "motivos_afastamento_codigo_idx" ON "motivos_afastamento" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "motivos_afastamento_descricao_idx" ON "motivos_afastamento" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_desligamento_codigo_uq" ON "motivos_desligamento" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "motivos_desligamento_codigo_idx" ON "motivos_desligamento" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "motivos_desligamento_descricao_idx" ON "motivos_desligamento" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_saida_codigo_uq" ON "motivos_saida" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "motivos_saida_codigo_idx" ON "motivos_saida" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "motivos_saida_descricao_idx" ON "motivos_saida" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "operadoras_registro_ans_uq" ON "operadoras" USING btree ("registro_ans");--> statement-breakpoint
CREATE UNIQUE INDEX "operadoras_cnpj_uq" ON "operadoras" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "operadoras_razao_social_idx" ON "operadoras" USING btree ("razao_social_busca");--> statement-breakpoint
CREATE INDEX "operadoras_site_idx" ON "operadoras" USING btree ("site_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "pacotes_codigo_uq" ON "pacotes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "pacotes_codigo_idx" ON "pacotes" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "pacotes_descricao_idx" ON "pacotes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "pacotes_procedimento_principal_idx" ON "pacotes" USING btree ("procedimento_principal");--> statement-breakpoint
CREATE UNIQUE INDEX "paises_codigo_uq" ON "paises" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "paises_sigla3_uq" ON "paises" USING btree ("sigla3");--> statement-breakpoint
CREATE INDEX "paises_nome_idx" ON "paises" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "paises_nacionalidade_idx" ON "paises" USING btree ("nacionalidade_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "pendencias_codigo_uq" ON "pendencias" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "pendencias_codigo_idx" ON "pendencias" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "pendencias_descricao_idx" ON "pendencias" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "percentuais_funcoes_executantes_grau_participacao_idx" ON "percentuais_funcoes_executantes" USING btree ("grau_participacao");--> statement-breakpoint
CREATE INDEX "percentuais_funcoes_executantes_classe_preco_idx" ON "percentuais_funcoes_executantes" USING btree ("classe_preco");--> statement-breakpoint
CREATE INDEX "percentuais_reducao_margem_descricao_idx" ON "percentuais_reducao_margem" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "percentuais_reducao_margem_faixa_inicial_idx" ON "percentuais_reducao_margem" USING btree ("faixa_inicial");--> statement-breakpoint
CREATE INDEX "percentuais_taxas_urgencias_descricao_idx" ON "percentuais_taxas_urgencias" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "percentuais_via_acesso_via_acesso_idx" ON "percentuais_via_acesso" USING btree ("via_acesso");--> statement-breakpoint
CREATE INDEX "permissoes_datas_data_inicio_idx" ON "permissoes_datas" USING btree ("data_inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "planos_contas_codigo_uq" ON "planos_contas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "planos_contas_codigo_idx" ON "planos_contas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "planos_contas_descricao_idx" ON "planos_contas" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "portes_honorarios_porte_idx" ON "portes_honorarios" USING btree ("porte_busca");--> statement-breakpoint
CREATE INDEX "portes_honorarios_tabela_preco_idx" ON "portes_honorarios" USING btree ("tabela_preco");--> statement-breakpoint
CREATE UNIQUE INDEX "procedimentos_codigo_uq" ON "procedimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "procedimentos_codigo_idx" ON "procedimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "procedimentos_descricao_idx" ON "procedimentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "procedimentos_grupo_idx" ON "procedimentos" USING btree ("grupo");--> statement-breakpoint
CREATE INDEX "procedimentos_porte_idx" ON "procedimentos" USING btree ("porte_busca");--> statement-breakpoint
CREATE INDEX "procedimentos_valor_idx" ON "procedimentos" USING btree ("valor");--> statement-breakpoint
CREATE INDEX "procedimentos_grupo_codigo_idx" ON "procedimentos" USING btree ("grupo","codigo");--> statement-breakpoint
CREATE INDEX "procedimentos_ativo_codigo_idx" ON "procedimentos" USING btree ("ativo","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_registro_ans_uq" ON "produtos" USING btree ("registro_ans");--> statement-breakpoint
CREATE INDEX "produtos_nome_idx" ON "produtos" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "produtos_grupo_idx" ON "produtos" USING btree ("grupo");--> statement-breakpoint
CREATE UNIQUE INDEX "programas_saude_codigo_uq" ON "programas_saude" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "programas_saude_codigo_idx" ON "programas_saude" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "programas_saude_nome_idx" ON "programas_saude" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "programas_saude_publico_alvo_idx" ON "programas_saude" USING btree ("publico_alvo_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "questionarios_titulo_uq" ON "questionarios" USING btree ("titulo");--> statement-breakpoint
CREATE INDEX "questionarios_titulo_idx" ON "questionarios" USING btree ("titulo_busca");--> statement-breakpoint
CREATE INDEX "quotas_emprestimo_descricao_idx" ON "quotas_emprestimo" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "regioes_dentes_sigla_uq" ON "regioes_dentes" USING btree ("sigla");--> statement-breakpoint
CREATE INDEX "regioes_dentes_sigla_idx" ON "regioes_dentes" USING btree ("sigla_busca");--> statement-breakpoint
CREATE INDEX "regioes_dentes_descricao_idx" ON "regioes_dentes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "responsaveis_protocolos_tipo_protocolo_idx" ON "responsaveis_protocolos" USING btree ("tipo_protocolo");--> statement-breakpoint
CREATE INDEX "responsaveis_protocolos_setor_idx" ON "responsaveis_protocolos" USING btree ("setor");--> statement-breakpoint
CREATE INDEX "responsaveis_protocolos_responsavel_idx" ON "responsaveis_protocolos" USING btree ("responsavel_busca");--> statement-breakpoint
CREATE INDEX "responsaveis_protocolos_email_idx" ON "responsaveis_protocolos" USING btree ("email_busca");--> statement-breakpoint
CREATE INDEX "retencoes_minimas_tributo_idx" ON "retencoes_minimas" USING btree ("tributo");--> statement-breakpoint
CREATE UNIQUE INDEX "servicos_aps_codigo_uq" ON "servicos_aps" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "servicos_aps_codigo_idx" ON "servicos_aps" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "servicos_aps_descricao_idx" ON "servicos_aps" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "servicos_aps_procedimento_idx" ON "servicos_aps" USING btree ("procedimento");--> statement-breakpoint
CREATE UNIQUE INDEX "setores_empresa_codigo_uq" ON "setores_empresa" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "setores_empresa_codigo_idx" ON "setores_empresa" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "setores_empresa_descricao_idx" ON "setores_empresa" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "setores_empresa_centro_custo_idx" ON "setores_empresa" USING btree ("centro_custo_busca");--> statement-breakpoint
CREATE INDEX "setores_empresa_email_idx" ON "setores_empresa" USING btree ("email_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "siglas_sigla_uq" ON "siglas" USING btree ("sigla");--> statement-breakpoint
CREATE INDEX "siglas_sigla_idx" ON "siglas" USING btree ("sigla_busca");--> statement-breakpoint
CREATE INDEX "siglas_descricao_idx" ON "siglas" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "situacoes_contratantes_codigo_uq" ON "situacoes_contratantes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "situacoes_contratantes_codigo_idx" ON "situacoes_contratantes" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "situacoes_contratantes_descricao_idx" ON "situacoes_contratantes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "situacoes_faturamento_codigo_uq" ON "situacoes_faturamento" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "situacoes_faturamento_codigo_idx" ON "situacoes_faturamento" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "situacoes_faturamento_descricao_idx" ON "situacoes_faturamento" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "situacoes_faturamento_cor_idx" ON "situacoes_faturamento" USING btree ("cor_busca");--> statement-breakpoint
CREATE INDEX "subsidios_contribuicao_empresa_idx" ON "subsidios_contribuicao" USING btree ("empresa");--> statement-breakpoint
CREATE INDEX "subsidios_contribuicao_produto_idx" ON "subsidios_contribuicao" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "subsidios_contribuicao_inicio_vigencia_idx" ON "subsidios_contribuicao" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "tabelas_impostos_tipo_imposto_idx" ON "tabelas_impostos" USING btree ("tipo_imposto");--> statement-breakpoint
CREATE INDEX "tabelas_impostos_grupo_idx" ON "tabelas_impostos" USING btree ("grupo");--> statement-breakpoint
CREATE INDEX "tabelas_impostos_inicio_vigencia_idx" ON "tabelas_impostos" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "tabelas_juros_multas_descricao_idx" ON "tabelas_juros_multas" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tabelas_juros_multas_inicio_vigencia_idx" ON "tabelas_juros_multas" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "tabelas_parcelamento_valor_valor_inicial_idx" ON "tabelas_parcelamento_valor" USING btree ("valor_inicial");--> statement-breakpoint
CREATE UNIQUE INDEX "tabelas_precos_codigo_uq" ON "tabelas_precos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tabelas_precos_codigo_idx" ON "tabelas_precos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tabelas_precos_descricao_idx" ON "tabelas_precos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tabelas_precos_indexador_idx" ON "tabelas_precos" USING btree ("indexador");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_codigo_uq" ON "tags" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tags_codigo_idx" ON "tags" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tags_descricao_idx" ON "tags" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tags_cor_idx" ON "tags" USING btree ("cor_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "taxas_codigo_uq" ON "taxas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "taxas_codigo_idx" ON "taxas" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "taxas_descricao_idx" ON "taxas" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "taxas_boleto_banco_idx" ON "taxas_boleto" USING btree ("banco");--> statement-breakpoint
CREATE INDEX "taxas_boleto_carteira_idx" ON "taxas_boleto" USING btree ("carteira");--> statement-breakpoint
CREATE UNIQUE INDEX "taxas_cartao_codigo_uq" ON "taxas_cartao" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "taxas_cartao_codigo_idx" ON "taxas_cartao" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "taxas_cartao_descricao_idx" ON "taxas_cartao" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_acomodacoes_codigo_uq" ON "tipos_acomodacoes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_acomodacoes_codigo_idx" ON "tipos_acomodacoes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_acomodacoes_descricao_idx" ON "tipos_acomodacoes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_cargos_codigo_uq" ON "tipos_cargos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_cargos_codigo_idx" ON "tipos_cargos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_cargos_descricao_idx" ON "tipos_cargos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_contas_pagar_codigo_uq" ON "tipos_contas_pagar" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_contas_pagar_codigo_idx" ON "tipos_contas_pagar" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_contas_pagar_descricao_idx" ON "tipos_contas_pagar" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tipos_contas_pagar_conta_contabil_idx" ON "tipos_contas_pagar" USING btree ("conta_contabil");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_contas_receber_codigo_uq" ON "tipos_contas_receber" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_contas_receber_codigo_idx" ON "tipos_contas_receber" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_contas_receber_descricao_idx" ON "tipos_contas_receber" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tipos_contas_receber_conta_contabil_idx" ON "tipos_contas_receber" USING btree ("conta_contabil");--> statement-breakpoint
CREATE INDEX "tipos_contas_receber_tabela_juros_idx" ON "tipos_contas_receber" USING btree ("tabela_juros");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_contribuicoes_codigo_uq" ON "tipos_contribuicoes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_contribuicoes_codigo_idx" ON "tipos_contribuicoes" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_contribuicoes_descricao_idx" ON "tipos_contribuicoes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tipos_contribuicoes_conta_contabil_idx" ON "tipos_contribuicoes" USING btree ("conta_contabil_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_coparticipacoes_codigo_uq" ON "tipos_coparticipacoes" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_coparticipacoes_codigo_idx" ON "tipos_coparticipacoes" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_coparticipacoes_descricao_idx" ON "tipos_coparticipacoes" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_descontos_codigo_uq" ON "tipos_descontos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_descontos_codigo_idx" ON "tipos_descontos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_descontos_descricao_idx" ON "tipos_descontos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_documentos_codigo_uq" ON "tipos_documentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_documentos_codigo_idx" ON "tipos_documentos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_documentos_descricao_idx" ON "tipos_documentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tipos_documentos_sigla_idx" ON "tipos_documentos" USING btree ("sigla_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_impostos_codigo_uq" ON "tipos_impostos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_impostos_codigo_idx" ON "tipos_impostos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_impostos_descricao_idx" ON "tipos_impostos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_pagamentos_codigo_uq" ON "tipos_pagamentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "tipos_pagamentos_codigo_idx" ON "tipos_pagamentos" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "tipos_pagamentos_descricao_idx" ON "tipos_pagamentos" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "tipos_pagamentos_banco_idx" ON "tipos_pagamentos" USING btree ("banco");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_medida_codigo_uq" ON "unidades_medida" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "unidades_medida_codigo_idx" ON "unidades_medida" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "unidades_medida_sigla_idx" ON "unidades_medida" USING btree ("sigla_busca");--> statement-breakpoint
CREATE INDEX "unidades_medida_descricao_idx" ON "unidades_medida" USING btree ("descricao_busca");--> statement-breakpoint
CREATE INDEX "cidades_nome_idx" ON "cidades" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "cidades_uf_idx" ON "cidades" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "cidades_uf_nome_idx" ON "cidades" USING btree ("uf","nome_busca");