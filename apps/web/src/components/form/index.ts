/** What features use to build their fields components and pages. */
export { Field } from './fields/field';
export { FormSection, Wide, GROUP_TITLES } from './fields/form-section';
export { GeneratedFields } from './generated-fields';
export { LimitsPanel } from './limits-panel';
export { ObjectFields } from './fields/object-fields';
export { ProfileField } from './fields/profile-field';
export { RailField } from './fields/rail-field';
export { SelectField } from './fields/select-field';
export { useField } from './fields/use-field';
export { useOperation } from './operation-context';
export { OperationForm } from './operation-form';
export { OperationPage } from './operation-page';
export type { OperationView } from './operation-view';
export type { Reviewer, ReviewLine, ReviewSummary } from './review';
