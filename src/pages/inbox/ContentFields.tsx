/**
 * A part of the content as form fields, walked from the schema's description (src/content/editor.ts):
 * a text in its three languages (ContentText.tsx), a year, an address, a choice; a group as a
 * fieldset; a list as its items, each with Move up, Move down and Remove, and Add under them. The
 * list buttons submit the whole form (nothing typed is lost) with the action as `op`. Each field
 * shows its limit, its errors and, after a refused stale save, the value stored elsewhere.
 */
import { type FormNode, fieldLabel, pathOf } from '../../content/editor';
import { countryNames } from '../../content/iconsAndFlags';
import { ITEM_NAMES, PART_NAMES } from '../../content/schema';
import { TextField } from './ContentText';
import { at, type FieldsContext, fieldId, fieldPathOf, valueAt } from './fieldPaths';

/** What an input shows of a stored value: a year or an address as typed. */
const shown = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const choiceName = (label: string, value: string) =>
  label === 'the country' ? `${countryNames[value as keyof typeof countryNames] ?? value} (${value})` : value;

function Leaf({
  node,
  path,
  value,
  ctx,
}: {
  node: Extract<FormNode, { kind: 'leaf' }>;
  path: string;
  value: unknown;
  ctx: FieldsContext;
}) {
  const { info } = node;
  if (info.kind === 'text') return <TextField info={info} path={path} value={value} ctx={ctx} />;
  const id = fieldId(path);
  const errors = ctx.errors.filter((error) => fieldPathOf(error.path) === path);
  const describedBy = errors.length ? `${id}-error` : undefined;
  const typed = shown(value);
  const stored = ctx.stale === undefined ? undefined : shown(valueAt(ctx.stale, path));
  if (info.kind === 'file') {
    // The file is uploaded with its own form under this one; here it is shown, and an optional one removed.
    const image = ctx.images?.[path];
    if (!image) return null;
    return (
      <div className="owner-field">
        <img className="owner-photo" src={image} alt="Uploaded into the draft" width={160} />
        {node.nullable && <OpButton op={`clear:${path}`} label={`Remove ${info.label}`} danger />}
      </div>
    );
  }
  const common = { id, name: path, 'aria-invalid': errors.length > 0 || undefined, 'aria-describedby': describedBy };
  let input: React.ReactNode;
  let hint: string | undefined;
  if (info.kind === 'year') {
    hint = 'A year, such as 2024';
    input = <input {...common} type="text" inputMode="numeric" autoComplete="off" defaultValue={typed} />;
  } else if (info.kind === 'url') {
    hint = 'A web address starting with https://';
    input = <input {...common} type="url" inputMode="url" defaultValue={typed} />;
  } else {
    input = (
      <select {...common} defaultValue={typed}>
        {info.values.map((choice) => (
          <option key={choice} value={choice}>
            {choiceName(info.label, choice)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className="owner-field">
      <label htmlFor={id}>{fieldLabel(info.label)}</label>
      {input}
      {hint && <span className="owner-field-hint">{hint}</span>}
      {errors.length > 0 && (
        <span id={`${id}-error`} className="owner-field-error">
          {errors.map((error) => error.message).join(' ')}
        </span>
      )}
      {stored !== undefined && stored !== typed && (
        <span className="owner-stale">
          Saved elsewhere: <q>{stored}</q>
        </span>
      )}
    </div>
  );
}

function ListItems({
  node,
  path,
  value,
  ctx,
}: {
  node: Extract<FormNode, { kind: 'list' }>;
  path: string;
  value: unknown;
  ctx: FieldsContext;
}) {
  const items = Array.isArray(value) ? value : [];
  const [one, all] = ITEM_NAMES[node.key] ?? ['Item', 'Items'];
  const errors = ctx.errors.filter((error) => error.path === path);
  const range = node.min === node.max ? `exactly ${node.min}` : `${node.min} to ${node.max}`;
  return (
    <fieldset className="owner-list-field" id={fieldId(path)}>
      {/* A part that is a list (the services) has no heading of its own: its legend is the heading. */}
      <legend className={path.includes('.') ? undefined : 'owner-part-legend'}>
        {PART_NAMES[node.key] ?? fieldLabel(all)} <span className="owner-field-hint">({range})</span>
      </legend>
      {errors.map((error) => (
        <p key={error.message} className="owner-field-error">
          {error.message}
        </p>
      ))}
      {items.map((item, index) => {
        const itemPath = pathOf(path, index);
        const single = node.item.kind === 'leaf';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list
          <fieldset key={index} className="owner-item" id={single ? undefined : fieldId(itemPath)}>
            <legend>{`${fieldLabel(one)} ${index + 1}`}</legend>
            <Node node={node.item} path={itemPath} value={item} ctx={ctx} />
            <div className="owner-item-actions">
              {index > 0 && <OpButton op={`up:${itemPath}`} label="Move up" />}
              {index < items.length - 1 && <OpButton op={`down:${itemPath}`} label="Move down" />}
              {items.length > node.min && <OpButton op={`remove:${itemPath}`} label="Remove" danger />}
            </div>
          </fieldset>
        );
      })}
      {items.length < node.max && <OpButton op={`add:${path}`} label={`Add a ${one.toLowerCase()}`} />}
    </fieldset>
  );
}

function OpButton({ op, label, danger }: { op: string; label: string; danger?: boolean }) {
  return (
    <button
      type="submit"
      name="op"
      value={op}
      className={`owner-button owner-button-small${danger ? ' owner-button-danger' : ''}`}
      formNoValidate
    >
      {label}
    </button>
  );
}

export function Node({ node, path, value, ctx }: { node: FormNode; path: string; value: unknown; ctx: FieldsContext }) {
  if (node.kind === 'leaf') return <Leaf node={node} path={path} value={value} ctx={ctx} />;
  if (node.kind === 'list') return <ListItems node={node} path={path} value={value} ctx={ctx} />;
  if (value === null && node.nullable) return null;
  const children = node.children.map((child) => (
    <Node key={child.key} node={child} path={pathOf(path, child.key)} value={at(value, child.key)} ctx={ctx} />
  ));
  const errors = ctx.errors.filter((error) => error.path === path);
  const errorList = errors.map((error) => (
    <p key={error.message} className="owner-field-error">
      {error.message}
    </p>
  ));
  // A part (a section of the page) has its heading above; an item's fields sit in the item's fieldset.
  if (!path.includes('.') || node.label === undefined)
    return (
      <>
        {errorList}
        {children}
      </>
    );
  return (
    <fieldset className="owner-group" id={fieldId(path)}>
      <legend>{fieldLabel(node.label)}</legend>
      {errorList}
      {children}
      {node.nullable && <OpButton op={`clear:${path}`} label={`Remove ${node.label}`} danger />}
    </fieldset>
  );
}
