import type { AuditEntry } from '@thalir/contracts';
import { auditChange, describeValue, type AuditFieldChange } from './audit-text';

function Value({ value }: { value: unknown }) {
  const text = describeValue(value);
  return value === null || value === undefined || value === '' ? <span className="audit-change__none">{text}</span> : <>{text}</>;
}

/** The fields of a created or deleted entity, with the value it was created with or had when deleted. */
function OneSide({ caption, fields, side }: { caption: string; fields: AuditFieldChange[]; side: 'before' | 'after' }) {
  return (
    <table className="table audit-change__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{side === 'after' ? 'Value' : 'Value before'}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="audit-change__field">
              {change.field}
            </th>
            <td className="audit-change__value">
              <Value value={change[side]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What one audit entry changed: created, deleted, or each changed field before and after. */
export function AuditChange({ entry, label }: { entry: AuditEntry; label: string }) {
  const change = auditChange(entry);
  if (change.kind === 'none') return <p className="admin-muted">No fields changed.</p>;
  if (change.kind === 'created') return <OneSide caption={`Created: ${label}`} fields={change.fields} side="after" />;
  if (change.kind === 'deleted') return <OneSide caption={`Deleted: ${label}`} fields={change.fields} side="before" />;
  return (
    <table className="table audit-change__table">
      <caption>{`Changed: ${label}`}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {change.fields.map((field) => (
          <tr key={field.field}>
            <th scope="row" className="audit-change__field">
              {field.field}
            </th>
            <td className="audit-change__value audit-change__value--before">
              <Value value={field.before} />
            </td>
            <td className="audit-change__value audit-change__value--after">
              <Value value={field.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
