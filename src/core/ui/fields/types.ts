import type { AnyResource, FieldDef, RefLabel } from '../../../contracts/resource';
import type { PathParams } from '../../resources/paths';
import type { FieldErrors } from '../../resources/values';

/** What every field input receives. */
export interface InputProps<D extends FieldDef = FieldDef> {
  id: string;
  resource: AnyResource;
  /** Field name (dotted path inside a list: `statements.0.scopes`). */
  field: string;
  def: D;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** Path parameters of the screen (a nested reference target takes its parent's). */
  params: PathParams;
  /** Labels of the referenced records (`_refs[field]`). */
  refs?: RefLabel[];
  /** All the form's errors (a list input shows its items' errors). */
  errors?: FieldErrors;
  /** Values of the neighbouring fields (the form's values, or the list item's), by short name. */
  siblings?: Readonly<Record<string, unknown>>;
  /**
   * Sets several neighbouring fields at once, by short name (a CEP lookup fills street,
   * district, city and state; a PIX key sets its type). May include the field itself.
   */
  onSiblings?: (patch: Record<string, unknown>) => void;
  /** The values of the record a list item belongs to (a `lineOf` field reads the record's reference). */
  record?: Readonly<Record<string, unknown>>;
  /** Every `_refs` entry of the record (list items find theirs by dotted path). */
  allRefs?: Readonly<Record<string, RefLabel[]>>;
}

/** Short name of a field (`pixKeys.0.key` → `key`). */
export const shortName = (field: string): string => field.slice(field.lastIndexOf('.') + 1);
