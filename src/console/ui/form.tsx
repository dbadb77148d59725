import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../api';
import { plainProblem } from './plain-problems';

export { plainProblem };

/** What a labelled control shares: its id, the API's problem with its path, and what describes it. */
interface Labelled {
  label: string;
  /** The field's path in the API request (`email`, `address.city`), to show the API's problem with it. */
  path?: string;
  error?: ApiError | null;
  required?: boolean;
  hint?: string;
  class?: string;
}

function useLabelled(props: Labelled) {
  const id = useId();
  // An action's error is cast to ApiError where it is passed: a network or script error has no fields.
  const raw =
    props.path && typeof props.error?.fieldMessage === 'function'
      ? props.error.fieldMessage(props.path)
      : undefined;
  const problem = raw === undefined ? undefined : plainProblem(raw, props.path);
  const described = [problem ? `${id}-problem` : '', props.hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    problem,
    control: { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described || undefined },
  };
}

/** The label above a control, the hint and the API's problem under it (announced when it appears). */
function Frame(props: Labelled & { id: string; problem?: string; children: ComponentChildren }) {
  return (
    <div class={`field ${props.class ?? ''} ${props.problem ? 'field-invalid' : ''}`}>
      <label for={props.id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.children}
      {props.hint ? (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      ) : null}
      {props.problem ? (
        <small id={`${props.id}-problem`} class="problem" role="alert">
          {props.problem}
        </small>
      ) : null}
    </div>
  );
}

interface FieldProps extends Labelled {
  value: string;
  onInput: (value: string) => void;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: JSX.HTMLAttributes['inputMode'];
  disabled?: boolean;
  readOnly?: boolean;
  multiline?: boolean;
}

/** A labelled input; the API's field problem for `path` appears under it and is tied to it for readers. */
export function Field(props: FieldProps) {
  const { id, problem, control } = useLabelled(props);
  const common = {
    ...control,
    value: props.value,
    required: props.required,
    placeholder: props.placeholder,
    disabled: props.disabled,
    readOnly: props.readOnly,
    onInput: (event: JSX.TargetedEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      props.onInput(event.currentTarget.value),
  };
  return (
    <Frame {...props} id={id} problem={problem}>
      {props.multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          inputMode={props.inputMode}
        />
      )}
    </Frame>
  );
}

interface SelectProps extends Labelled {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  disabled?: boolean;
}

export function Select(props: SelectProps) {
  const { id, problem, control } = useLabelled(props);
  return (
    <Frame {...props} id={id} problem={problem}>
      <select
        {...control}
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function Checkbox(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label for={id}>{props.label}</label>
    </div>
  );
}

export function Fieldset(props: { legend: string; children: ComponentChildren; class?: string }) {
  return (
    <fieldset class={props.class}>
      <legend>{props.legend}</legend>
      {props.children}
    </fieldset>
  );
}
