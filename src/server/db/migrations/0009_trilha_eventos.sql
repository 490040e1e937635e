-- One name per concept (issue 12): the change trail is "trilha", not "auditoria" (which is the medical audit of requests).
ALTER TABLE "auditoria_eventos" RENAME TO "trilha_eventos";--> statement-breakpoint
ALTER SEQUENCE "auditoria_eventos_id_seq" RENAME TO "trilha_eventos_id_seq";--> statement-breakpoint
ALTER INDEX "auditoria_eventos_pkey" RENAME TO "trilha_eventos_pkey";--> statement-breakpoint
ALTER INDEX "auditoria_eventos_registro_idx" RENAME TO "trilha_eventos_registro_idx";--> statement-breakpoint
ALTER INDEX "auditoria_eventos_em_idx" RENAME TO "trilha_eventos_em_idx";
