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
  return z.toJSONSchema(messagesSchema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}

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
