import type { ComponentType } from 'react';
import type { Resource } from '../../shared/resources/define';

/** What a resource's read-only record view receives from the resource screen. */
export interface RecordViewProps {
  def: Resource;
  id: number;
  /** Opens the record's form over the view (Editar). */
  onEdit(): void;
  /** Back to the list. */
  onClose(): void;
  /** The back button's text (default "Lista"). */
  closeLabel?: string;
}

/**
 * Resources whose records open read-only first (`?ver=<id>`, where the palette's `@` opens people), by resource name:
 * the view shows the record with what hangs on it, and Editar opens the form. Loaded with the record.
 */
export const RECORD_VIEWS: Partial<Record<string, () => Promise<{ default: ComponentType<RecordViewProps> }>>> = {
  beneficiario: () => import('../pessoas/RegistroBeneficiario'),
  prestador: () => import('../pessoas/RegistroPrestador'),
};
