import { unwrap, type SchemaNode } from './jsonSchema';

/** Where a value sits in a locale file: ['cases', 'items', 2, 'name']. */
export type Path = (string | number)[];

export interface Leaf {
  path: Path;
  value: unknown;
  node: SchemaNode;
}

/** Each value of `data` the schema describes, with the schema node (and metadata) that says how. */
export function collectLeaves(data: unknown, schemaNode: SchemaNode, at: Path): Leaf[] {
  const { node } = unwrap(schemaNode);
  if (node.type === 'object' && isRecord(data)) {
    return Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
      key in data ? collectLeaves(data[key], child, [...at, key]) : [],
    );
  }
  if (node.type === 'array' && Array.isArray(data) && node.items) {
    const items = node.items;
    return data.flatMap((item, index) => collectLeaves(item, items, [...at, index]));
  }
  if (isRecord(data) || Array.isArray(data)) return [];
  return [{ path: at, value: data, node }];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function valueAt(data: unknown, at: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of at) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  return node;
}
