import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './types';

/** Stands in for a value while a template is built: it compiles to a bind parameter. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template {
  compiled: CompiledQuery;
  /** Per bind parameter: the value's name, or a constant the query text itself chose. */
  parameters: ({ slot: string } | { constant: unknown })[];
}

/**
 * Kysely builds a query as a tree of immutable nodes and compiles it to SQL on every call. A
 * query a page runs on every visit is built and compiled once per *shape* instead (the choices
 * that change its text: which filters, which order), with every value standing in a slot; later
 * calls only bind that call's values. `build` may use the values only as values (Kysely's bind
 * parameters): anything that changes the text must come from the shape.
 *
 * `onCompiled` sees each shape's text once (a fixed set of texts can be named prepared statements).
 */
export function queryTemplate<Shape, Values extends Record<string, unknown>, Row>(
  shapeKey: (shape: Shape) => string,
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
  onCompiled?: (sql: string) => void,
): (db: Db, shape: Shape, values: Values) => CompiledQuery<Row> {
  const templates = new WeakMap<Db, Map<string, Template>>();
  return (db, shape, values) => {
    let byShape = templates.get(db);
    if (!byShape) templates.set(db, (byShape = new Map()));
    const key = shapeKey(shape);
    let template = byShape.get(key);
    if (!template) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as Values;
      const compiled = build(db, shape, slots).compile();
      template = { compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { constant: p })) };
      byShape.set(key, template);
      onCompiled?.(compiled.sql);
    }
    const parameters = template.parameters.map((p) => ('slot' in p ? values[p.slot] : p.constant));
    return { ...template.compiled, parameters } as CompiledQuery<Row>;
  };
}
