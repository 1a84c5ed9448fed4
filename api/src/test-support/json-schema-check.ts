/**
 * Checks a JSON value against the part of JSON Schema the OpenAPI document uses ($ref into the
 * document, allOf/anyOf/oneOf, type, const, enum, properties, required, additionalProperties: false,
 * items). Enough to tell whether an answer has the documented shape; not a general validator.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema document is walked as untyped JSON
type Schema = Record<string, any>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function resolve(root: Schema, schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Schema | undefined, key: string) => node?.[key], root);
  if (!target) throw new Error(`Unresolvable $ref ${schema.$ref}`);
  return resolve(root, target);
}

function objectProblems(root: Schema, schema: Schema, value: Record<string, unknown>, at: string): string[] {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const problems = (schema.required ?? [])
    .filter((key: string) => !(key in value))
    .map((key: string) => `${at}.${key} is missing`);
  for (const [key, item] of Object.entries(value)) {
    if (properties[key]) problems.push(...schemaProblems(root, properties[key], item, `${at}.${key}`));
    else if (schema.additionalProperties === false) problems.push(`${at}.${key} is not documented`);
  }
  return problems;
}

/** What does not match, one line each with the JSON path; empty when the value matches. */
export function schemaProblems(root: Schema, schemaOrRef: Schema, value: unknown, at = '$'): string[] {
  const schema = resolve(root, schemaOrRef);
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...schemaProblems(root, part, value, at));
  const alternatives: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (alternatives && !alternatives.some((option) => schemaProblems(root, option, value, at).length === 0)) {
    problems.push(`${at} matches none of its alternatives`);
  }
  const types: string[] | undefined = schema.type === undefined ? undefined : [schema.type].flat();
  if (types && !types.some((type) => hasType(value, type))) return [...problems, `${at} is not ${types.join('|')}`];
  if ('const' in schema && value !== schema.const) problems.push(`${at} is not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at} is not one of ${schema.enum.join(', ')}`);
  if (typeOf(value) === 'object') problems.push(...objectProblems(root, schema, value as Record<string, unknown>, at));
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => problems.push(...schemaProblems(root, schema.items, item, `${at}[${index}]`)));
  }
  return problems;
}
