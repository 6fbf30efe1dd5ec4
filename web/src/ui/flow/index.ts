/** The multi-step flow engine and its two generic steps (spec 001 §2-§4). */
export { MultiStepFlow, type FlowHandle, type MultiStepFlowProps } from './MultiStepFlow';
export { FormStep, type FormStepProps } from './FormStep';
export { SelectionStep, canContinue, type SelectionOption, type SelectionStepProps } from './SelectionStep';
export { defineStep, type FlowStep, type FlowStepProps } from './step';
export type { FieldWidth, FormFieldConfig, FormFieldGroup, FormFieldType, FormValues } from './form-fields';
export type { FlowData } from '../../../../domain/flow/machine';
