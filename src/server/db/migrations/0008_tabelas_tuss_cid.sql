-- TUSS and CID-10 loaded whole from the reference files (seed/dados): longer descriptions, procedure groups by Rol subgroup.
-- PostgreSQL cannot change the type of a column a generated column reads: the folded search column is dropped, the
-- column widened and the folded column generated again with its index.
DROP INDEX "procedimentos_descricao_idx";--> statement-breakpoint
ALTER TABLE "procedimentos" DROP COLUMN "descricao_busca";--> statement-breakpoint
ALTER TABLE "procedimentos" ALTER COLUMN "descricao" SET DATA TYPE varchar(300);--> statement-breakpoint
ALTER TABLE "procedimentos" ADD COLUMN "descricao_busca" varchar(300) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
CREATE INDEX "procedimentos_descricao_idx" ON "procedimentos" USING btree ("descricao_busca");--> statement-breakpoint
DROP INDEX "cids_descricao_idx";--> statement-breakpoint
ALTER TABLE "cids" DROP COLUMN "descricao_busca";--> statement-breakpoint
ALTER TABLE "cids" ALTER COLUMN "descricao" SET DATA TYPE varchar(300);--> statement-breakpoint
ALTER TABLE "cids" ADD COLUMN "descricao_busca" varchar(300) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
CREATE INDEX "cids_descricao_idx" ON "cids" USING btree ("descricao_busca");--> statement-breakpoint
DROP INDEX "grupos_procedimentos_descricao_idx";--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" DROP COLUMN "descricao_busca";--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" ALTER COLUMN "codigo" SET DATA TYPE varchar(3);--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" ALTER COLUMN "descricao" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" ADD COLUMN "descricao_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
CREATE INDEX "grupos_procedimentos_descricao_idx" ON "grupos_procedimentos" USING btree ("descricao_busca");--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" ADD COLUMN "grupo_rol" varchar(80);--> statement-breakpoint
ALTER TABLE "grupos_procedimentos" ADD COLUMN "grupo_rol_busca" varchar(80) COLLATE "C" GENERATED ALWAYS AS (lower(translate("grupo_rol", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED;--> statement-breakpoint
CREATE INDEX "grupos_procedimentos_grupo_rol_idx" ON "grupos_procedimentos" USING btree ("grupo_rol_busca");
