import { z } from 'zod';
import type { FieldMeta } from './fields';
import { messagesSchema } from './schema';

/** A node of the JSON Schema Zod writes for the messages, with the field metadata it carries. */
export interface SchemaNode extends FieldMeta {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'null';
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: string[];
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * The messages schema as JSON Schema: plain data that the checker and the editor's configuration
 * walk the same way, instead of each reaching into Zod's internals.
 */
export function messagesJsonSchema(): SchemaNode {
  // Written once: the check walks it per locale and per file, and nothing changes it.
  jsonSchema ??= z.toJSONSchema(messagesSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as SchemaNode;
  return jsonSchema;
}
let jsonSchema: SchemaNode | undefined;

/** A nullable field is `anyOf: [field, null]`: the field itself, and whether null is allowed. */
export function unwrap(node: SchemaNode): { node: SchemaNode; nullable: boolean } {
  if (!node.anyOf) return { node, nullable: false };
  const field = node.anyOf.find((branch) => branch.type !== 'null');
  if (!field) throw new Error('a schema node that is only null');
  return { node: field, nullable: node.anyOf.length > 1 };
}

/** `cases.items[2].name` from ['cases', 'items', 2, 'name']. */
export function pathText(path: readonly (string | number)[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('');
}

/**
 * `data` with every object's keys in the schema's order (keys the schema lacks last, as found):
 * the order the editor writes them in, so a file kept in it changes only where it is edited.
 */
export function inSchemaOrder(data: unknown, schemaNode: SchemaNode): unknown {
  const { node } = unwrap(schemaNode);
  if (Array.isArray(data)) {
    const items = node.items;
    return items ? data.map((item: unknown) => inSchemaOrder(item, items)) : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  const known = Object.keys(node.properties ?? {}).filter((key) => key in record);
  const rest = Object.keys(record).filter((key) => !known.includes(key));
  return Object.fromEntries(
    [...known, ...rest].map((key) => {
      const child = node.properties?.[key];
      return [key, child ? inSchemaOrder(record[key], child) : record[key]];
    }),
  );
}

/** A locale file's text as the editor writes it: two-space JSON in schema order, a final newline. */
export function editorText(data: unknown): string {
  return `${JSON.stringify(inSchemaOrder(data, messagesJsonSchema()), null, 2)}\n`;
}
