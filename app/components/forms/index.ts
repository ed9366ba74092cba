/**
 * The forms kit, by job: the fields (fields.tsx), the idempotency field (idempotency-field.tsx), the page-wide
 * submit listener with its attempt store (submit-attempts.ts) and the error summary (error-summary.tsx).
 */
export {
  CheckboxField,
  Honeypot,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from "./fields";
export type { Option } from "./fields";
export { IdempotencyField } from "./idempotency-field";
export { useFocusOnErrors } from "./submit-attempts";
export { FormAlert, FormErrors, PageTitle } from "./error-summary";
export type { FieldLabels } from "./error-summary";
